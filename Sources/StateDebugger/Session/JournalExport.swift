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

    /// Writes the header and `count` entries through an ``OutputFile``: beside a regular file and moved
    /// into place (an interrupted or failed write leaves `path` as it was), or in place to a device.
    func write(count: Int, entry: (Int) throws(DebuggerError) -> Entry) throws(DebuggerError) {
        // Journals are private to their owner, as the recorder makes them.
        let file = try OutputFile.open(path, force: force, inputs: inputs, mode: 0o600)
        do {
            let builder = JournalBuilder(header: header)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(1 << 16)
            builder.writeHeader(into: &bytes)
            for index in 0..<count {
                let next = try entry(index)
                builder.appendStep(action: next.action, state: next.state, time: next.time, parent: next.parent, into: &bytes)
                if bytes.count >= 1 << 20 {
                    try file.write(bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            try file.write(bytes)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }
}
