import Foundation
import StateJSON
import StateJournal

/// Writes a sequence of steps as a new journal file through ``StateJournal/JournalBuilder``.
struct JournalExport {
    /// One step to write.
    struct Entry {
        var action: JournalAction
        var state: JSONValue
        var time: Int64
        var parent: Int?
    }

    let path: String
    let force: Bool
    let header: JournalHeader
    /// The files the steps are read from, which `path` must not be.
    let inputs: [String]

    /// Writes the header and `count` entries to a temporary file beside `path`, then moves it into
    /// place: an interrupted or failed write leaves `path` as it was.
    func write(count: Int, entry: (Int) throws(DebuggerError) -> Entry) throws(DebuggerError) {
        try OutputPath.refuseOverwriting(inputs: inputs, with: path)
        if !force, access(path, F_OK) == 0 { throw .fileExists(path: path) }
        let file: JournalFile
        do {
            file = try JournalFile.staging(for: path)
        } catch {
            throw .journal(error)
        }
        do {
            let builder = JournalBuilder(header: header)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(1 << 16)
            builder.writeHeader(into: &bytes)
            for index in 0..<count {
                let next = try entry(index)
                builder.appendStep(action: next.action, state: next.state, time: next.time, parent: next.parent, into: &bytes)
                if bytes.count >= 1 << 20 {
                    file.append(bytes)
                    bytes.removeAll(keepingCapacity: true)
                    try Self.journal { () throws(JournalError) in try file.flush() }
                }
            }
            file.append(bytes)
        } catch {
            file.discard()
            throw error
        }
        do {
            try file.commit(to: path, overwrite: force)
        } catch {
            if error.category == .refused { throw .fileExists(path: path) }
            throw .journal(error)
        }
    }

    private static func journal(_ body: () throws(JournalError) -> Void) throws(DebuggerError) {
        do {
            try body()
        } catch {
            throw .journal(error)
        }
    }
}
