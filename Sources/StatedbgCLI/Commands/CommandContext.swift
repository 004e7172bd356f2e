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
    /// How this tool was run (`statedbg`, `.build/debug/statedbg-todo`), for commands a user pastes back.
    var toolName = "statedbg"
    /// This statedbg's executable, which runs a crash journal's action in flight as a child process;
    /// `nil` when unknown (in-process tests).
    var executable: String?

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
    /// - Parameters:
    ///   - verifyingHashes: Whether the journal reader checks every state it rebuilds against its
    ///     recorded hash, which costs the whole state on every step. A command reading the steps in
    ///     order passes `false` and checks the hashes itself with an ``IncrementalFingerprinter``.
    ///   - migrating: Whether a journal made with an earlier version of its registered app's types is
    ///     read through the app's migrations (``RecordingLoader/readingThrough(_:_:)``), as the commands
    ///     that run today's code on a recording read it; the commands that show a recording read it as
    ///     recorded.
    ///   - notingMigration: Whether a migration is said once on standard error; a command that reports
    ///     it itself (`replay --verify`) passes `false`.
    func open(_ path: String, verifyingHashes: Bool = true, migrating: Bool = false,
              notingMigration: Bool = true) throws(CommandFailure) -> any RecordingSource {
        var source: any RecordingSource
        do {
            if !verifyingHashes, try RecordingLoader.isJournal(path: path) {
                // Opened once, with the options, rather than opened and then opened again.
                var options = JournalReader.Options()
                options.verifyHashes = false
                source = try JournalSource(path: path, options: options)
            } else {
                // A Redux DevTools export names no app: a statedbg that registers one app replays it with that one.
                source = try RecordingLoader.open(path: path, app: registry.apps.count == 1 ? registry.ids[0] : "redux")
            }
        } catch {
            throw CommandFailure(error)
        }
        if let export = source as? ReduxDevToolsImport, !export.hasStates, let app = registry.app(for: export.info.app) {
            do {
                source = try export.computingStates(with: app)
                output.printError("statedbg: note: \(path) is a Redux DevTools Export file, which holds no state after step 0; the states shown are computed by the reducer of the app \"\(app.id)\".")
            } catch {
                warn("\(path) is a Redux DevTools Export file, which holds no state after step 0, and the reducer of the app \"\(app.id)\" cannot compute them: \(error)")
            }
        }
        if let journal = source as? JournalSource, let torn = journal.reader.torn {
            warn("\(path):\(torn.line): \(torn); it is ignored, and `statedbg check --repair` cuts it off.")
        }
        if let journal = source as? JournalSource, let damage = journal.damageWarning {
            warn(damage)
        }
        if migrating, let app = registry.app(for: source.info.app) {
            source = try CommandFailure.translating { () throws(DebuggerError) in try RecordingLoader.readingThrough(app, source) }
            if notingMigration, let migrated = source as? MigratedSource {
                output.printError("statedbg: note: \(Self.migrationNote(migrated))")
            }
        }
        return source
    }

    /// What reading a recording through migrations means, in one sentence: `Recordings/u.jsonl was
    /// recorded with version 1 of the types of users; it is read through the migration from version 1
    /// to 2 (rename .users[*].age to years), and the file is not changed.`
    static func migrationNote(_ migrated: MigratedSource) -> String {
        let applied = migrated.plan.applied
        let steps = applied.steps.isEmpty ? "" : " (\(applied.steps.joined(separator: "; ")))"
        return "\(migrated.name) was recorded with version \(applied.from) of the types of \(migrated.info.app); "
            + "it is read through \(applied.versions)\(steps), and the file is not changed."
    }

    /// Says on standard error that a Redux DevTools Export file holds no state after step 0, what the
    /// command does about it, and how to get the states.
    func noteStatesNotExported(_ export: ReduxDevToolsImport, _ consequence: String) {
        let before = export.hasState(at: export.baseStep) ? "the state before them (step 0)" : "no state at all (not even the preloaded state)"
        output.printError("statedbg: note: \(export.name) is a Redux DevTools Export file: it holds the actions and \(before), "
            + "not the states after them, \(consequence); a statedbg that registers the app (Statedbg.main(apps:)) "
            + "computes the states with its reducer, and exporting the lifted state from DevTools keeps them.")
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
