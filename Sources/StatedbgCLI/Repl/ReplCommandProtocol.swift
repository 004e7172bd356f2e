import TerminalKit

/// One REPL command: its declaration and what it does, as ``Subcommand`` is for the command line.
///
/// The interpreter parses a line against ``info`` (so usage errors, `help` and `help NAME` come from the
/// same declaration as the parsing) and calls ``run(_:in:)`` with the result. To add a command — a live
/// session's `pause`, say — write a type in its own file under `Repl/Commands`:
///
/// ```swift
/// enum ReplPause: ReplCommandProtocol {
///     static let info = ReplCommandInfo(
///         CommandSpec(name: "pause", abstract: "Stop the app from dispatching; actions queue until resume."),
///         actsOnApp: true)
///     static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
///         …
///     }
/// }
/// ```
///
/// then list it in ``ReplInterpreter/builtInCommands`` or pass it to the interpreter's `commands:`
/// initializer (a live session adds its own that way). Throw ``CommandFailure`` for a failure; its message
/// becomes the reply's error and the session goes on.
protocol ReplCommandProtocol: Sendable {
    /// The declaration: name, aliases, help text, arguments and options.
    static var info: ReplCommandInfo { get }
    /// Runs the command on the interpreter's session and returns the text to print.
    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String
}
