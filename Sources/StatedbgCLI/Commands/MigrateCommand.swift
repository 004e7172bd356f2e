import StateDebugger
import StateJSON
import StateRecorder
import TerminalKit

/// `statedbg migrate FILE -o OUT [--force] [--json]`: a journal made with an earlier version of its app's
/// types, written anew at the app's version through the app's migrations.
enum MigrateCommand: Subcommand {
    static let spec = CommandSpec(
        name: "migrate",
        abstract: "Write a journal made with earlier types as a journal of the app's current types.",
        discussion: """
            Reads FILE through the migrations its registered app declares (each from one version of the \
            app's recorded types to the next) and writes every step and event, migrated, to a new journal \
            that carries the app's current schema and version; reading that one again migrates nothing. \
            FILE is never changed: commands that run the app's code (replay, minimize, repl, diff of two \
            recordings, export --test) read an older journal through the migrations anyway, and this \
            makes it once for good.

            A journal already at the app's version, or one that no migration reads (a version the app \
            declares no migration from, or a newer one), is not written: the schema verdict says why and \
            proposes the migration to declare (exit status 1). So is one whose types the migrations do \
            not fully cover.

            With --json the result is one line: {"events":N,"from":N,"migration":TEXT,"output":PATH,\
            "steps":N,"to":N}.

            $ statedbg migrate Recordings/users-reswift-negative-age.jsonl -o users-v2.jsonl
            read Recordings/users-reswift-negative-age.jsonl through the migration from version 1 to 2:
              split name into firstName and lastName in .users[*], ReSwiftUsersApp.AddUser and ReSwiftUsersApp.RenameUser
              retag ReSwiftUsersApp.UpdateName as ReSwiftUsersApp.RenameUser
            wrote 60 steps at version 2 of the types to users-v2.jsonl
            $ statedbg replay users-v2.jsonl --verify --quiet
            schema: compatible: the recording's state and action types match the current code
            verified 60 steps: every state matches
            """,
        arguments: [ArgumentSpec("file", help: "The journal, made with an earlier version of its app's types.").completing(.files)],
        options: [
            .value("output", short: "o", valueName: "out", help: "The journal to write.", isRequired: true).completing(.files),
            .flag("force", help: "Replace the output file if it exists (never the input)."),
            .flag("json", help: "Print the result as one JSON line."),
        ],
        exitStatuses: [
            .init(.success, "The migrated journal was written."),
            .init(.checkFailed, "There is nothing to migrate, or no migration reads the journal as the current types."),
        ] + CommandSpec.StatusNote.reading + [
            .exists,
            .init(.internalError, "The app's migrations cannot work as declared (two from one version, one from its own version)."),
            .interrupted,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        // The parser has checked that the required option is there.
        let output = arguments.string("output") ?? ""
        let file = arguments.string("file") ?? ""
        try CommandFailure.translating { () throws(DebuggerError) in try OutputPath.refuseOverwriting(inputs: [file], with: output) }
        let recorded = try context.open(file)
        guard let journal = recorded as? JournalSource else {
            throw CommandFailure(.dataError, "\(file): this is a Redux DevTools export; migrate reads statedbg journals, whose header says which version of the app's types they hold.")
        }
        let app = try CommandFailure.translating { () throws(DebuggerError) in try context.registry.require(journal.info.app) }
        let source = try CommandFailure.translating { () throws(DebuggerError) in try RecordingLoader.readingThrough(app, journal) }
        guard let migrated = source as? MigratedSource else {
            return try nothingToMigrate(journal, app: app, context)
        }
        if case .incompatible(let reasons) = migrated.migration.compatibility {
            throw CommandFailure(.checkFailed, "\(file) is not written anew: \(migrated.plan.applied.versions) leaves its types incompatible with the current code: \(reasons.joined(separator: "; ")).")
        }
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            try JournalMigrator.write(migrated, to: output, force: arguments.flag("force"), isCancelled: context.isCancelled)
        }
        guard arguments.flag("json") else {
            context.output.print("read \(file) through \(report.migration.versions):")
            for step in report.migration.steps { context.output.print("  " + step) }
            if case .risky(let notes) = migrated.migration.compatibility {
                context.output.print("the schema check notes: \(notes.joined(separator: "; "))")
            }
            context.output.print(report.description)
            return .success
        }
        let document: JSONValue = [
            "from": .integer(Int64(report.migration.from)),
            "to": .integer(Int64(report.migration.to)),
            "migration": .string(report.migration.description),
            "output": .string(report.path),
            "steps": .integer(Int64(report.steps)),
            "events": .integer(Int64(report.events)),
        ]
        context.output.print(document.canonicalText)
        return .success
    }

    /// A journal the app reads without migrations: at its version already, or one no migration reads.
    private static func nothingToMigrate(_ journal: JournalSource, app: any RegisteredApp,
                                         _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let migration = try CommandFailure.translating { () throws(DebuggerError) in
            do throws(MigrationError) {
                return try RecordingMigration(app: app, header: journal.reader.header)
            } catch {
                throw .migration(error, step: nil, line: nil, source: journal.name)
            }
        }
        if migration.recordedVersion == migration.currentVersion {
            var message = "\(journal.name) is already at version \(migration.currentVersion) of the types of \(app.id), the current one; there is nothing to migrate, and nothing was written"
            if case .incompatible(let reasons) = migration.compatibility {
                message += ", though its types differ from the current code's: \(reasons.joined(separator: "; "))"
            }
            throw CommandFailure(.checkFailed, message + ".")
        }
        throw CommandFailure(.checkFailed, "\(journal.name) cannot be migrated, and nothing was written: \(migration.compatibility).")
    }
}
