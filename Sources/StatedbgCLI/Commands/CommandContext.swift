import StateDebugger
import StateJSON
import StateJournal
import StateQuery
import TerminalKit

/// What every command runs with: the terminal, the registered apps and the cancellation check.
struct CommandContext {
    /// Where output goes and what the environment is.
    var terminal: Terminal
    /// The apps whose reducers can replay recordings.
    var registry: AppRegistry
    /// Polled by long commands; `true` after Ctrl-C.
    var isCancelled: @Sendable () -> Bool
    /// The installed Ctrl-C catcher, which the REPL resets before each command; `nil` in tests.
    var interrupt: InterruptFlag?

    var output: TextOutput { terminal.output }

    /// Whether standard output gets colour, after `--color`/`--no-color` when the command has them.
    func colour(_ arguments: ParsedArguments) -> Bool {
        terminal.allowsColour(ColourPolicy(arguments))
    }

    /// A warning on standard error; it never changes the exit status.
    func warn(_ message: String) {
        output.printError("statedbg: warning: \(message)")
    }

    /// Opens a recording (a journal or a Redux DevTools export), warning once about a torn last line
    /// and once about damaged lines.
    ///
    /// - Parameter verifyingHashes: Whether the journal reader checks every state it rebuilds against
    ///   its recorded hash, which costs the whole state on every step. A command reading the steps in
    ///   order passes `false` and checks the hashes itself with an ``IncrementalFingerprinter``.
    func open(_ path: String, verifyingHashes: Bool = true) throws(CommandFailure) -> any RecordingSource {
        let source: any RecordingSource
        do {
            if !verifyingHashes, try RecordingLoader.isJournal(path: path) {
                // Opened once, with the options, rather than opened and then opened again.
                var options = JournalReader.Options()
                options.verifyHashes = false
                source = try JournalSource(path: path, options: options)
            } else {
                source = try RecordingLoader.open(path: path)
            }
        } catch {
            throw CommandFailure(error)
        }
        if let journal = source as? JournalSource, let torn = journal.reader.torn {
            warn("\(path):\(torn.line): \(torn); it is ignored, and `statedbg check --repair` cuts it off.")
        }
        if let journal = source as? JournalSource, let damage = journal.damageWarning {
            warn(damage)
        }
        return source
    }

    /// The integer value of `name`, with a usage error for anything else.
    func int(_ arguments: ParsedArguments, _ name: String) throws(CommandFailure) -> Int? {
        do {
            return try arguments.int(name)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// A usage error about `arguments`' command, shown with its usage line.
    func usageError(_ arguments: ParsedArguments, _ error: UsageError) -> CommandFailure {
        CommandFailure(CommandLineError(error, commandPath: arguments.commandPath, usage: arguments.usage))
    }

    /// Parses a path argument (jq-like: `.users[*].age`).
    func path(_ text: String) throws(CommandFailure) -> JSONPath {
        do {
            return try JSONPath(parsing: text)
        } catch {
            throw CommandFailure(.badPath(error, text: text))
        }
    }

    /// Parses a predicate argument.
    func predicate(_ text: String) throws(CommandFailure) -> StatePredicate {
        do {
            return try StatePredicate(parsing: text)
        } catch {
            throw CommandFailure(.badPredicate(error))
        }
    }

    /// Throws ``ExitStatus/interrupted`` when Ctrl-C was pressed.
    func checkCancelled(_ what: String) throws(CommandFailure) {
        if isCancelled() { throw CommandFailure(.interrupted, "Interrupted: the \(what) stopped before it finished.") }
    }
}
