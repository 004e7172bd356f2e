/// A ``UsageError`` together with the command it happened in, rendered the way the user sees it.
///
/// ```swift
/// do {
///     let outcome = try CommandLineParser(root: root).parse(["replay", "--vrify", "run.jsonl"])
/// } catch {
///     output.printError(error.description)
///     return error.exitStatus
/// }
/// ```
/// ```text
/// statedbg: error: Unknown option '--vrify'. Did you mean '--verify'?
/// Usage: statedbg replay <file> [--verify] [--to <n>]
///   See 'statedbg help replay' for more information.
/// ```
package struct CommandLineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    package var error: UsageError
    /// The command names from the root, `["statedbg", "replay"]`.
    package var commandPath: [String]
    /// The usage synopsis of that command, `statedbg replay <file> [--verify]`.
    package var usage: String

    /// Creates an error report for the command at `commandPath`.
    package init(_ error: UsageError, commandPath: [String], usage: String) {
        self.error = error
        self.commandPath = commandPath
        self.usage = usage
    }

    /// Always ``ExitStatus/usage``.
    package var exitStatus: ExitStatus { .usage }

    /// The three-line report: the error as one `statedbg: error:` line like every other error, the
    /// usage line and where to find help.
    package var description: String {
        let helpCommand: String
        if commandPath.count > 1 {
            helpCommand = ([commandPath[0], "help"] + commandPath.dropFirst()).joined(separator: " ")
        } else {
            helpCommand = "\(commandPath.first ?? "") --help"
        }
        return """
            \(commandPath.first ?? "statedbg"): error: \(error)
            Usage: \(usage)
              See '\(helpCommand)' for more information.
            """
    }
}
