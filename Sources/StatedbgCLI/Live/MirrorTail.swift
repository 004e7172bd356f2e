import Foundation

/// The whole lines added to a growing file since the last look: how the live page's server takes the
/// journal lines the live client writes to its mirror, however they were cut when they arrived.
struct MirrorTail {
    private let handle: FileHandle
    private var partial: [UInt8] = []

    /// Reads `path` from its start.
    init(path: String) throws(CommandFailure) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CommandFailure(.ioError, "Cannot read the mirror journal \(path).")
        }
        self.handle = handle
    }

    /// The lines (without their line feeds) that are whole now and were not returned before; at most
    /// about `limit` bytes of them, so that a long history is taken in parts.
    mutating func newLines(limit: Int = 4 << 20) -> [String] {
        var lines: [String] = []
        var taken = 0
        while taken < limit {
            let data = (try? handle.read(upToCount: 1 << 20)) ?? nil
            guard let data, !data.isEmpty else { break }
            taken += data.count
            var start = data.startIndex
            while let end = data[start...].firstIndex(of: 0x0A) {
                if partial.isEmpty {
                    lines.append(String(decoding: data[start..<end], as: UTF8.self))
                } else {
                    partial += data[start..<end]
                    lines.append(String(decoding: partial, as: UTF8.self))
                    partial = []
                }
                start = end + 1
            }
            partial += data[start...]
        }
        return lines
    }

    /// Stops reading.
    func close() {
        try? handle.close()
    }
}
