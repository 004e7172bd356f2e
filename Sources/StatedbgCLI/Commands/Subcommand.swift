import TerminalKit

/// One `statedbg` subcommand: its declaration and what it does.
protocol Subcommand {
    /// The declaration the parser reads arguments against and help is rendered from.
    static var spec: CommandSpec { get }
    /// Runs the command; results go to standard output, and a failure is thrown, not printed.
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus
}

extension CommandSpec.StatusNote {
    static let malformed = CommandSpec.StatusNote(.dataError, "The recording is malformed.")
    static let missing = CommandSpec.StatusNote(.noInput, "The recording is missing or unreadable.")
    static let io = CommandSpec.StatusNote(.ioError, "Reading or writing failed.")
    static let usage = CommandSpec.StatusNote(.usage, "The command line was wrong.")
    static let exists = CommandSpec.StatusNote(.cannotCreate, "The output file exists and --force was not given.")
    static let interrupted = CommandSpec.StatusNote(.interrupted, "Interrupted with Ctrl-C.")

    /// The statuses every command that reads a recording can end with.
    static let reading: [CommandSpec.StatusNote] = [.usage, .malformed, .missing, .io]
}

extension ArgumentSpec {
    static let file = ArgumentSpec("file", help: "The recording: a statedbg journal or a Redux DevTools export.").completing(.files)
}

extension OptionSpec {
    /// `--jobs <n>` of the commands that take several recordings (``RecordingBatch``).
    static let jobs = OptionSpec.value(
        "jobs", short: "j", valueName: "n",
        help: "With several recordings, work on <n> at a time (default: the number of active processors).")
}
