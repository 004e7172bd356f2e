import TerminalKit

/// One REPL command: its declaration and what it does, as ``Subcommand`` is for the command line.
///
/// The interpreter parses a line against ``info`` (so usage errors, `help` and `help NAME` come from the
/// same declaration as the parsing) and calls ``run(_:in:)`` with the result. To add a command — a live
/// session's `app pause`, say — write a type in its own file under `Repl/Commands`:
///
/// ```swift
/// enum ReplAppPause: ReplCommandProtocol {
///     static let info = ReplCommandInfo(
///         CommandSpec(name: "app pause", abstract: "Hold the app's dispatching (in the app); its actions queue until 'app resume'."))
///     static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
///         try repl.attachedApp().act(.pause)   // what the command does, through what it was given
///     }
/// }
/// ```
///
/// then list it in ``ReplInterpreter/builtInCommands``, or pass the list plus it to the interpreter's
/// `init(session:colour:isCancelled:commands:)` (a live session adds its own commands that way, so a
/// session on a file never offers them). `ReplCommandInfo(_:aliases:completes:takesText:isStepping:)`
/// says what else the REPL needs: `takesText` when the argument is free text such as a predicate or JSON
/// (no shell-style splitting), `isStepping` when Enter on an empty line should repeat it. `input` holds
/// the values parsed against the spec; `repl.move { … }` and `repl.here()` show the step the cursor landed
/// on as every move does. Throw ``CommandFailure`` for a failure; its message becomes the reply's error
/// and the session goes on.
protocol ReplCommandProtocol: Sendable {
    /// The declaration: name, aliases, help text, arguments and options.
    static var info: ReplCommandInfo { get }
    /// Runs the command on the interpreter's session and returns the text to print.
    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String
}
