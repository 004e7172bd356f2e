import StateJournal
import StateRecorder

extension RecordingLoader {
    /// `source` as `app`'s current code reads it: a journal made with an earlier version of the app's
    /// types through the app's migrations (a ``MigratedSource``), anything else as it is.
    ///
    /// ```swift
    /// let source = try RecordingLoader.readingThrough(app, try RecordingLoader.open(path: "users-v1.jsonl"))
    /// ```
    ///
    /// - Throws: ``DebuggerError/migration(_:step:line:source:)`` when the app's migrations cannot work
    ///   as declared, or the initial state does not migrate.
    package static func readingThrough(_ app: any RegisteredApp, _ source: any RecordingSource) throws(DebuggerError) -> any RecordingSource {
        guard let journal = source as? JournalSource, journal.info.app == app.id else { return source }
        let migration: RecordingMigration
        do {
            migration = try RecordingMigration(app: app, header: journal.reader.header)
        } catch {
            throw .migration(error, step: nil, line: nil, source: journal.name)
        }
        guard let plan = migration.plan else { return source }
        return try MigratedSource(journal: journal, migration: migration, plan: plan, app: app)
    }
}
