import StateDebugger
import TerminalKit

/// `last`: go to the last step of the branch.
enum ReplLast: ReplCommandProtocol {
    static let info = ReplCommandInfo(CommandSpec(name: "last", abstract: "Go to the last step of the branch."))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        try repl.move { () throws(DebuggerError) in repl.timeline.last() }
    }
}
