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

    /// Writes the header and `count` entries; a partial file is removed when writing fails.
    func write(count: Int, entry: (Int) throws(DebuggerError) -> Entry) throws(DebuggerError) {
        let file: JournalFile
        do {
            file = try JournalFile.create(at: path, overwrite: force)
        } catch {
            if error.category == .refused { throw .fileExists(path: path) }
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
            try Self.journal { () throws(JournalError) in try file.close() }
        } catch {
            _ = try? file.close()
            try? FileManager.default.removeItem(atPath: path)
            throw error
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
