import Foundation
import StateDebugger
import StateJournal
import StateRecorder
import TerminalKit

/// The `statedbg` command line as a library: parse the arguments, run the command, return the exit status.
///
/// The `statedbg` executable is three lines that hand it the example apps. To debug your own app in
/// reducer mode (replay `--verify`, `dispatch`, `minimize`, `record`), make an executable target of your
/// own that depends on `StatedbgCLI` and passes your app instead:
///
/// ```swift
/// import Foundation
/// import StateRecorder
/// import StateStore
/// import StatedbgCLI
///
/// let todo = RecordableApp(id: "todo", summary: "My to-do list", initialState: TodoState(),
///                          reducer: todoReducer, actionSamples: TodoAction.samples)
/// exit(Statedbg.main(apps: [todo]).rawValue)
/// ```
///
/// Tests call it with an in-memory terminal:
///
/// ```swift
/// let out = MemorySink(), err = MemorySink()
/// let terminal = Terminal(output: TextOutput(standardOutput: out, standardError: err))
/// let status = Statedbg.main(arguments: ["statedbg", "log", "counter.jsonl"], apps: [], terminal: terminal,
///                            catchesInterrupts: false)
/// print(out.text, terminator: "")
/// ```
/// ```text
///      1  counter.increase
///      2  counter.reset
/// ```
public enum Statedbg {
    /// The root of the command tree, for help and for tools that embed the parser.
    public static var command: CommandSpec {
        CommandSpec(
            name: "statedbg",
            abstract: "A time-travel debugger for recordings of Redux-style stores.",
            discussion: "'statedbg FILE' opens FILE in the interactive debugger, like 'statedbg repl FILE'.",
            subcommands: subcommands.map { $0.spec },
            defaultSubcommand: "repl",
            version: JournalFormat.toolVersion,
            exitStatuses: [
                .init(.success, "Success."),
                .init(.checkFailed, "A check failed: a divergence, a predicate that never held, a damaged recording."),
                .init(.usage, "The command line was wrong."),
                .init(.dataError, "A recording is malformed."),
                .init(.noInput, "A recording is missing or unreadable."),
                .init(.cannotCreate, "An output file exists and --force was not given."),
                .init(.ioError, "Reading or writing failed."),
            ])
    }

    static var subcommands: [any Subcommand.Type] {
        [
        ReplayCommand.self, ReplCommand.self, ShowCommand.self, DiffCommand.self, LogCommand.self,
        CheckCommand.self, BisectCommand.self, ChangesCommand.self, MinimizeCommand.self,
        RecordCommand.self, ExamplesCommand.self, ExportCommand.self,
        ViewCommand.self,
        ]
    }

    /// Runs `statedbg` with `arguments` (the tool name first, as in `CommandLine.arguments`).
    ///
    /// Results go to the terminal's standard output, diagnostics to its standard error as one line each
    /// (`statedbg: error: Recordings/x.jsonl:42: …`); nothing is thrown and nothing traps on bad input.
    ///
    /// - Parameters:
    ///   - arguments: The tool name followed by the arguments.
    ///   - apps: The apps whose reducers can replay recordings, by the app id in each recording's header.
    ///   - terminal: The streams and environment; ``Terminal/system(environment:)`` for a real process.
    ///   - catchesInterrupts: Whether Ctrl-C cancels long commands (via ``InterruptFlag``) instead of
    ///     ending the process; tests that run in-process pass `false`.
    /// - Returns: The exit status: 0 ok, 1 a check failed, 64 usage, 65 malformed recording, 66 missing
    ///   file, 73 output exists, 74 I/O error, 130 interrupted.
    public static func main(
        arguments: [String] = CommandLine.arguments,
        apps: [any RegisteredApp],
        terminal: Terminal = .system(environment: ProcessInfo.processInfo.environment),
        catchesInterrupts: Bool = true
    ) -> ExitStatus {
        let output = terminal.output
        let status = run(arguments: arguments, apps: apps, terminal: terminal, catchesInterrupts: catchesInterrupts)
        output.standardOutput.flush()
        guard let code = output.standardOutput.writeError else {
            output.flush()
            return status
        }
        // The reader of a pipe that went away (`| head`) has all it wanted: say nothing, as cat and grep
        // do (without SIGPIPE ignored, the signal ends the process before this point anyway).
        if code != EPIPE {
            output.printError("statedbg: error: cannot write to standard output: \(String(cString: strerror(code)).lowercased()).")
        }
        return .ioError
    }

    private static func run(arguments: [String], apps: [any RegisteredApp], terminal: Terminal, catchesInterrupts: Bool) -> ExitStatus {
        let output = terminal.output
        let root = command
        let outcome: CommandLineParser.Outcome
        do {
            outcome = try CommandLineParser(root: root).parse(Array(arguments.dropFirst()))
        } catch {
            output.printError(error.description)
            return error.exitStatus
        }
        switch outcome {
        case .help(let path):
            output.print(HelpRenderer(width: min(terminal.width, 100)).render(commandPath: path), terminator: "")
            return .success
        case .version(let version):
            output.print("statedbg \(version)")
            return .success
        case .command(let parsed):
            guard let subcommand = subcommands.first(where: { $0.spec.name == parsed.commandPath.last }) else {
                output.printError("statedbg: error: no command named \(parsed.commandPath.joined(separator: " ")).")
                return .internalError
            }
            let interrupt = catchesInterrupts ? InterruptFlag.install() : nil
            defer { interrupt?.uninstall() }
            // Output that cannot be written stops a long command as Ctrl-C would; main reports why.
            let standardOutput = output.standardOutput
            let interrupted = interrupt?.isCancelledCheck
            let isCancelled: @Sendable () -> Bool = { standardOutput.writeError != nil || interrupted?() == true }
            let context = CommandContext(terminal: terminal, registry: AppRegistry(apps), isCancelled: isCancelled, interrupt: interrupt)
            do throws(CommandFailure) {
                return try subcommand.run(parsed, context)
            } catch {
                if !error.output.isEmpty { output.print(error.output) }
                standardOutput.flush()
                guard standardOutput.writeError == nil else { return .ioError }
                output.printError(error.isCompleteReport ? error.message : "statedbg: error: \(error.message)")
                return error.status
            }
        }
    }
}
