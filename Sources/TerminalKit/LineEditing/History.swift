#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines entered so far, bounded, optionally kept in a file between sessions.
///
/// Empty lines and a line equal to the previous one are not recorded. The file holds one entry per line
/// and is written with mode 0600, since commands may contain paths and values the user considers private.
///
/// ```swift
/// var history = History(file: "\(home)/.statedbg_history", limit: 500)
/// try history.load()
/// history.add("next 5")
/// history.add("next 5")          // ignored: same as the previous entry
/// try history.save()
/// ```
package struct History: Equatable, Sendable {
    /// Oldest first.
    package private(set) var entries: [String] = []
    /// Where ``load()`` and ``save()`` read and write, or `nil` to keep history in memory only.
    package var file: String?
    /// The most entries kept; older ones are dropped.
    package var limit: Int

    /// Creates an empty history.
    package init(file: String? = nil, limit: Int = 1000) {
        self.file = file
        self.limit = max(1, limit)
    }

    /// Records `line` unless it is blank or repeats the last entry.
    package mutating func add(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace), line != entries.last else { return }
        entries.append(line)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
    }

    /// Replaces the entries with those in ``file``; a missing file means an empty history.
    package mutating func load() throws(HistoryError) {
        guard let file else { return }
        let descriptor = open(file, O_RDONLY)
        guard descriptor >= 0 else {
            if errno == ENOENT { return }
            throw .cannotRead(path: file, reason: Self.reason())
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: file, reason: Self.reason())
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        entries = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            add(String(line))
        }
    }

    /// Writes the entries to ``file`` (mode 0600), replacing it atomically.
    package func save() throws(HistoryError) {
        guard let file else { return }
        let temporary = file + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: file, reason: Self.reason()) }
        // An existing temporary file keeps its old mode through O_CREAT, so set it explicitly.
        fchmod(descriptor, 0o600)
        var bytes = Array(entries.map { $0 + "\n" }.joined().utf8)
        var written = 0
        while written < bytes.count {
            // Safe because the pointer is used only inside the closure and written + count never passes the end.
            let result = bytes.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress.map { $0 + written }, raw.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                let reason = Self.reason()
                close(descriptor)
                unlink(temporary)
                throw .cannotWrite(path: file, reason: reason)
            }
            written += result
        }
        bytes.removeAll()
        guard close(descriptor) == 0, rename(temporary, file) == 0 else {
            let reason = Self.reason()
            unlink(temporary)
            throw .cannotWrite(path: file, reason: reason)
        }
    }

    private static func reason() -> String {
        String(cString: strerror(errno))
    }
}
