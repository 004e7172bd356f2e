#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StateJSON
import StateJournal

/// A journal that is still being written, as a ``RecordingSource`` that grows: `statedbg replay
/// --follow`, `statedbg repl --follow` and `statedbg attach` read through it.
///
/// ``refresh()`` looks at the file again and takes the whole lines added since; a last line still
/// being written is left for the next refresh. Between refreshes the source is a fixed snapshot, so
/// everything that reads a ``RecordingSource`` works on it unchanged.
///
/// ```swift
/// let journal = try FollowedJournal(path: "live.jsonl")
/// journal.lastStep          // 12
/// // … the app records three more steps …
/// try journal.refresh()     // 3
/// // … the app closes its recorder …
/// try journal.refresh()     // 0
/// journal.closedAfterStep   // 15
/// ```
package final class FollowedJournal: RecordingSource {
    /// The journal's path.
    package let path: String
    private var current: JournalSource
    private var knownSize: Int64

    /// Opens a journal that may still grow; its header must be there.
    ///
    /// - Throws: ``DebuggerError/journal(_:)`` when the file is missing or is not a journal.
    package init(path: String) throws(DebuggerError) {
        self.path = path
        knownSize = Self.size(of: path)
        current = try JournalSource(path: path)
    }

    /// Takes the steps written since the last look; returns how many there are.
    ///
    /// A file that shrank or stopped being a journal is an error; the source keeps what it had.
    @discardableResult
    package func refresh() throws(DebuggerError) -> Int {
        let size = Self.size(of: path)
        guard size != knownSize else { return 0 }
        let before = current.lastStep
        guard size >= current.reader.validLength else {
            throw .journal(JournalError(.malformed, path: path, "the journal lost steps while it was followed (it had \(before) steps in \(current.reader.validLength) bytes, now \(max(size, 0)) bytes); it was replaced or cut."))
        }
        // Only the appended bytes are read: the lines already taken keep their place in the index.
        let reopened: JournalReader
        do {
            reopened = try current.reader.withAppendedLines()
        } catch {
            throw .journal(error)
        }
        current = JournalSource(reader: reopened)
        knownSize = size
        return current.lastStep - before
    }

    /// The step after which the recorder closed the journal, when its closing line is the last line
    /// so far: nothing more will be written. `nil` while the writer may still add lines (or died
    /// without closing it).
    package var closedAfterStep: Int? { current.reader.closing?.event.after }

    /// The journal reader of the latest look.
    package var reader: JournalReader { current.reader }

    package var name: String { current.name }
    package var info: RecordingInfo { current.info }
    package var baseStep: Int { current.baseStep }
    package var lastStep: Int { current.lastStep }
    package var events: [LocatedEvent] { current.events }

    package func state(at step: Int) throws(DebuggerError) -> JSONValue { try current.state(at: step) }
    package func record(at step: Int) throws(DebuggerError) -> StepRecord { try current.record(at: step) }
    package func actionAndHash(at step: Int) throws(DebuggerError) -> (action: JournalAction, hash: UInt64?) {
        try current.actionAndHash(at: step)
    }
    package func forEachActionAndHash(_ steps: ClosedRange<Int>,
                                     _ body: (Int, JournalAction, UInt64?) throws(DebuggerError) -> Bool) throws(DebuggerError) {
        try current.forEachActionAndHash(steps, body)
    }
    package func line(ofStep step: Int) -> Int? { current.line(ofStep: step) }
    package func parent(ofStep step: Int) -> Int { current.parent(ofStep: step) }

    static func size(of path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : -1
    }
}
