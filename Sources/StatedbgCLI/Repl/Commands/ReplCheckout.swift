import StateDebugger
import TerminalKit

/// `checkout BRANCH`: go to another branch's last step.
enum ReplCheckout: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "checkout", abstract: "Go to the last step of another branch.",
                    arguments: [ArgumentSpec("branch", help: "A branch name, as branches lists it.")]),
        completes: .branch)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let name = input.string("branch")
        return try repl.move { () throws(DebuggerError) in try repl.timeline.checkout(name).step }
    }
}
