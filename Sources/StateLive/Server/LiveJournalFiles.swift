#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// How a ``LiveServer`` lists and reads the app's journal files for `journal` and `read`, on its own
/// thread: sizes from `stat`, bytes with `pread` of at most ``LiveCommand/maxReadBytes`` at a time, so a
/// debugger copying a journal of any size costs the app one chunk of memory, and the app's dispatching
/// never waits for it.
enum LiveJournalFiles {
    /// The files with their absolute paths and sizes. The last one is being written: its size stops at
    /// its last line feed, so that a copy never ends inside a line the writer is still writing.
    ///
    /// - Throws: ``LiveCommandFailure`` naming a file that cannot be read.
    static func measure(_ paths: [String]) throws(LiveCommandFailure) -> [LiveJournalParts.Part] {
        var parts: [LiveJournalParts.Part] = []
        for (index, path) in paths.enumerated() {
            guard let resolved = realpath(path, nil) else { throw failure("find", path, errno) }
            let absolute = String(cString: resolved)
            free(resolved)
            var info = stat()
            guard stat(absolute, &info) == 0 else { throw failure("read", absolute, errno) }
            var bytes = Int(info.st_size)
            if index == paths.count - 1 { bytes = try endOfLastLine(absolute, size: bytes) }
            parts.append(LiveJournalParts.Part(path: absolute, bytes: bytes))
        }
        return parts
    }

    /// Up to `length` bytes of `part` from `offset`, never past the size it was listed with.
    ///
    /// - Throws: ``LiveCommandFailure`` when the offset is past the end or the file cannot be read.
    static func read(_ part: LiveJournalParts.Part, offset: Int, length: Int) throws(LiveCommandFailure) -> [UInt8] {
        guard offset <= part.bytes else {
            throw LiveCommandFailure("The offset \(offset) is past the end of \(part.path), which was listed with \(part.bytes) bytes.")
        }
        let count = min(length, part.bytes - offset)
        guard count > 0 else { return [] }
        let file = open(part.path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw failure("open", part.path, errno) }
        defer { _ = close(file) }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            // Safe because the pointer is used only inside the closure, with an offset and a count inside the buffer.
            let got = bytes.withUnsafeMutableBytes { pread(file, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw failure("read", part.path, errno) }
            guard got > 0 else {
                throw LiveCommandFailure("\(part.path) is shorter than when it was listed (\(offset + done) bytes, not \(part.bytes)); ask for the journal's files again.")
            }
            done += got
        }
        return bytes
    }

    /// The size of the file up to its last line feed: it is read backwards, 64 KiB at a time, until one.
    private static func endOfLastLine(_ path: String, size: Int) throws(LiveCommandFailure) -> Int {
        guard size > 0 else { return 0 }
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw failure("open", path, errno) }
        defer { _ = close(file) }
        var end = size
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while end > 0 {
            let start = max(0, end - block.count)
            // Safe because the pointer is used only inside the closure, with a count inside the buffer.
            let got = block.withUnsafeMutableBytes { pread(file, $0.baseAddress, end - start, off_t(start)) }
            if got < 0, errno == EINTR { continue }
            guard got == end - start else { throw failure("read", path, got < 0 ? errno : EIO) }
            if let newline = block[..<got].lastIndex(of: 0x0A) { return start + newline + 1 }
            end = start
        }
        return 0
    }

    private static func failure(_ verb: String, _ path: String, _ code: Int32) -> LiveCommandFailure {
        LiveCommandFailure("The app cannot \(verb) its journal file \(path): \(String(cString: strerror(code))).")
    }
}
