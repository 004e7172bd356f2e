import TerminalKit

/// `reverse-continue`: go back to the previous step where a breakpoint or watchpoint is hit.
enum ReplReverseContinue: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "reverse-continue", abstract: "Go back to the previous step where a breakpoint or watchpoint is hit, and say which."),
        aliases: ["rc"], isStepping: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        try ReplContinue.search(repl, forward: false)
    }
}
