import StateJSON
import StateJournal
import StateRecorder

/// Writes a journal read through its app's migrations (a ``MigratedSource``) as a new journal of the
/// app's current types: `statedbg migrate`. The file read is never changed.
///
/// The new journal has every step of the old one, its action and state migrated (the label written
/// again by today's code), its time and its parent, and every event (a rejected action migrated, a
/// travel's hash that of the migrated state it went back to); its header carries the app's schema,
/// its hash and its ``StateJournal/JournalHeader/schemaVersion``, so reading it again migrates nothing.
/// Its hashes are computed as it is written, so it is of today's journal version.
///
/// ```swift
/// let source = try RecordingLoader.readingThrough(app, try JournalSource(path: "users-v1.jsonl"))
/// let report = try JournalMigrator.write(source as! MigratedSource, to: "users-v2.jsonl", force: false)
/// print(report)     // wrote 60 steps of version 2 of the types of users to users-v2.jsonl
/// ```
package enum JournalMigrator {
    /// What ``write(_:to:force:isCancelled:)`` wrote.
    package struct Report: Sendable, Equatable, CustomStringConvertible {
        /// The new journal.
        package var path: String
        /// How many steps it holds.
        package var steps: Int
        /// How many events it holds (the closing line not counted).
        package var events: Int
        /// The migrations its steps went through.
        package var migration: AppliedMigration

        /// `wrote 60 steps and 12 events of version 2 of the types to users-v2.jsonl`.
        package var description: String {
            let events = self.events == 0 ? "" : " and \(self.events) event\(self.events == 1 ? "" : "s")"
            return "wrote \(steps) step\(steps == 1 ? "" : "s")\(events) at version \(migration.to) of the types to \(path)"
        }
    }

    /// Writes `source`'s steps and events, migrated, to a new journal at `path` (through ``OutputFile``:
    /// an interrupted or failed write leaves `path` as it was).
    ///
    /// - Parameter force: Replace an existing file at `path`; the file read is refused whatever it is.
    /// - Throws: ``DebuggerError/fileExists(path:)``, the refusal to write over the input, a migration
    ///   that fails on a value (``DebuggerError/migration(_:step:line:source:)``), a damaged line of the
    ///   input, or ``DebuggerError/cancelled(_:)``.
    package static func write(_ source: MigratedSource, to path: String, force: Bool,
                              isCancelled: () -> Bool = { false }) throws(DebuggerError) -> Report {
        var header = source.info.header
        header.tool = JournalFormat.tool
        // Every hash is computed again as the file is written, so it takes today's version.
        header.version = JournalFormat.currentVersion
        let file = try OutputFile.open(path, force: force, inputs: [source.name], mode: 0o600)
        var eventCount = 0
        do throws(DebuggerError) {
            var eventsAfter: [Int: [JournalEvent]] = [:]
            for located in source.events { eventsAfter[located.event.after, default: []].append(located.event) }
            let builder = JournalBuilder(header: header)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(1 << 16)
            builder.writeHeader(into: &bytes)
            func writeEvents(after step: Int) throws(DebuggerError) {
                for event in eventsAfter[step] ?? [] {
                    var written = event
                    if case .travel(let after, let time, let kind, let to, _) = event {
                        // The travel's hash is that of the state it went back to, as migrated.
                        written = .travel(after: after, time: time, kind: kind, to: to, hash: builder.travel(to: try source.state(at: to)))
                    }
                    written.write(to: &bytes)
                    eventCount += 1
                }
            }
            try writeEvents(after: source.baseStep)
            var step = source.baseStep + 1
            while step <= source.lastStep {
                if step & 1023 == 0, isCancelled() { throw DebuggerError.cancelled("migration") }
                let record = try source.record(at: step)
                let state = try source.state(at: step)
                let parent = source.parent(ofStep: step)
                builder.appendStep(action: record.action, state: state, time: record.time, parent: parent == step - 1 ? nil : parent,
                                   into: &bytes)
                try writeEvents(after: step)
                if bytes.count >= 1 << 20 {
                    try file.write(bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
                step += 1
            }
            if let closing = source.journal.reader.closing { closing.event.write(to: &bytes) }
            try file.write(bytes)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
        return Report(path: path, steps: source.lastStep - source.baseStep, events: eventCount, migration: source.plan.applied)
    }
}
