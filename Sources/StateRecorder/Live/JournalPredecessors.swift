import Foundation
import StateJSON
import StateJournal

/// The files a journal continues: a recording resumed in a file the recorder once rolled over to names
/// the file before it in its header (`previousFile`), and that one the file before it, back to the
/// first. A live debugger copying the journal takes them too.
enum JournalPredecessors {
    /// The files before `path`, oldest first, each in `path`'s folder; the chain stops at a file that
    /// is missing or has no readable header, and never goes round.
    static func files(before path: String) -> [String] {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var chain: [String] = []
        var seen: Set<String> = [URL(fileURLWithPath: path).standardizedFileURL.path]
        var current = path
        while let previous = previousFile(of: current) {
            let earlier = URL(fileURLWithPath: previous, relativeTo: URL(fileURLWithPath: folder + "/")).standardizedFileURL.path
            guard seen.insert(earlier).inserted, FileManager.default.fileExists(atPath: earlier) else { break }
            chain.append(earlier)
            current = earlier
        }
        return chain.reversed()
    }

    /// The `previousFile` of the journal header on the file's first line, if any.
    private static func previousFile(of path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var line: [UInt8] = []
        // A header holds the initial state, which may be large; past 64 MiB it is not a header.
        while line.count < 64 << 20 {
            guard let data = try? handle.read(upToCount: 1 << 16), !data.isEmpty else { return nil }
            if let newline = data.firstIndex(of: 0x0A) {
                line += data[data.startIndex..<newline]
                guard let value = try? JSONValue(parsing: line) else { return nil }
                return (try? JournalHeader(jsonValue: value))?.previousFile
            }
            line += data
        }
        return nil
    }
}
