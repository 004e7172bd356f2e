import TerminalKit

/// `quit`: end the session.
enum ReplQuit: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "quit", abstract: "End the session (Ctrl-D does too); at a terminal, asks first when a branch is unsaved."),
        aliases: ["q", "exit"])

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        repl.finish()
        return ""
    }
}
