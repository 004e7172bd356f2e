#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// An open journal file that lines are appended to: a thin, careful layer over POSIX `write`.
///
/// New files are created with mode 0600 (journals hold app state, which may be private) and never
/// replace an existing file unless asked. Bytes are buffered until ``flush()``; ``sync()`` puts them on
/// the disk (with ``DiskSync/full``, `F_FULLFSYNC` on Apple platforms, where `fsync` leaves them in the
/// drive's cache), and a journal moved into place has its directory synced too, so that its name
/// survives a power cut as its bytes do. Not thread-safe: one writer thread owns it.
///
/// Under a file-size limit (`ulimit -f`) it writes the whole lines that fit and then fails as a full
/// disk does (`file too large`), never making the write that would end the process with `SIGXFSZ`
/// (see ``FileSizeLimit``). After a failed write it writes nothing more, so the file stays a journal
/// valid up to its last whole line.
///
/// ```swift
/// let file = try JournalFile.create(at: "session.jsonl")
/// file.append(lineBytes)
/// try file.flush()        // in the OS: survives a crash of this process
/// try file.sync()         // on the disk: survives a power cut
/// try file.close()
/// ```
package final class JournalFile {
    /// The path the file was opened with.
    package let path: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    /// Bytes in the file, including those still buffered.
    package private(set) var size: Int64
    /// Bytes handed to the OS: where the next write lands.
    private var written: Int64
    /// The write that failed: the file gets no byte after it.
    private var failure: JournalError?
    /// How bytes and names reach the disk.
    private let disk: DiskSync

    private init(path: String, descriptor: Int32, size: Int64, disk: DiskSync) {
        self.path = path
        self.descriptor = descriptor
        self.size = size
        self.disk = disk
        written = size
        buffer.reserveCapacity(1 << 16)
    }

    deinit {
        if descriptor >= 0 {
            _ = try? flush()
            _ = systemClose(descriptor)
        }
    }

    /// Creates a new, empty journal file with mode 0600.
    ///
    /// - Parameters:
    ///   - overwrite: Replace a file that is already there. Without it, an existing file is an error.
    ///   - disk: How ``sync()`` and moving a new journal into place reach the disk: `fsync` unless asked
    ///     for ``DiskSync/full`` (or a test's fake disk).
    package static func create(at path: String, overwrite: Bool = false, disk: DiskSync = .ordinary) throws(JournalError) -> JournalFile {
        var flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_APPEND
        flags |= overwrite ? O_TRUNC : O_EXCL
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST { throw JournalError(.fileExists, path: path) }
            throw JournalError(.system(.create, errno: code), path: path)
        }
        if overwrite {
            // O_TRUNC keeps the old mode; a journal must still be private.
            _ = fchmod(descriptor, 0o600)
        }
        return JournalFile(path: path, descriptor: descriptor, size: 0, disk: disk)
    }

    /// Creates a new journal whose first bytes are `header`, atomically: the file appears at `path`
    /// with its whole header or not at all, so a crash during creation never leaves a torn header.
    ///
    /// The header is written to a temporary file beside `path`, which is then linked into place
    /// (`link` fails rather than replace a file that appeared meanwhile) or, with `overwrite`, renamed.
    /// A header no reader would read (``JournalLimits``: too long, its initial state nested too deep)
    /// is refused before anything is created.
    package static func create(at path: String, header: [UInt8], overwrite: Bool = false,
                               disk: DiskSync = .ordinary) throws(JournalError) -> JournalFile {
        if !overwrite, access(path, F_OK) == 0 { throw JournalError(.fileExists, path: path) }
        // Safe because the pointer is used only inside the closure, within the array's count.
        let problem = header.withUnsafeBytes { raw in
            JournalLimits.problem(inLine: UnsafeRawBufferPointer(rebasing: raw[0..<max(0, raw.count - 1)]))
        }
        if let problem { throw JournalError(.unreadableLine(.init(step: nil, problem: problem)), path: path) }
        let temporary = path + ".creating-\(getpid())"
        _ = unlink(temporary)
        let staging: JournalFile
        do {
            staging = try create(at: temporary, overwrite: true, disk: disk)
        } catch {
            // The temporary name is an implementation detail; what could not be created is `path`.
            var named = error
            named.path = path
            throw named
        }
        staging.append(header)
        try staging.commit(to: path, overwrite: overwrite)
        return try openForAppending(at: path, validLength: Int64(header.count), disk: disk)
    }

    /// Creates an empty file under a temporary name beside `path`, for a journal that must appear at
    /// `path` whole or not at all: write it, then ``commit(to:overwrite:)`` moves it into place, or
    /// ``discard()`` removes it. An interrupted write leaves `path` as it was.
    ///
    /// ```swift
    /// let file = try JournalFile.staging(for: "small.jsonl")
    /// file.append(bytes)
    /// try file.commit(to: "small.jsonl", overwrite: false)
    /// ```
    package static func staging(for path: String, disk: DiskSync = .ordinary) throws(JournalError) -> JournalFile {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var attempt = 0
        while true {
            let temporary = "\(directory).\(name).writing-\(getpid())-\(attempt)"
            do {
                return try create(at: temporary, overwrite: false, disk: disk)
            } catch {
                attempt += 1
                guard error.code == .fileExists, attempt < 1000 else {
                    var named = error
                    named.path = path
                    throw named
                }
            }
        }
    }

    /// Closes a file made by ``staging(for:disk:)`` and moves it to `path`: renamed over an existing file
    /// with `overwrite`, otherwise linked (which fails rather than replace a file that appeared
    /// meanwhile), and syncs the directory, in which the new name is. On failure the temporary file is
    /// removed and `path` is untouched; only a failed sync of the directory leaves the file in place
    /// (whole, as a crash would have left it) and reports the error.
    package func commit(to target: String, overwrite: Bool) throws(JournalError) {
        do {
            // On the disk before it takes the name: a crash never leaves an empty file there.
            try flush()
            try sync()
            try close()
        } catch {
            _ = unlink(path)
            var named = error
            named.path = target
            throw named
        }
        if overwrite {
            guard rename(path, target) == 0 else {
                let code = errno
                _ = unlink(path)
                throw JournalError(.system(.moveIntoPlace, errno: code), path: target)
            }
        } else {
            guard link(path, target) == 0 else {
                let code = errno
                _ = unlink(path)
                if code == EEXIST { throw JournalError(.fileExists, path: target) }
                throw JournalError(.system(.moveIntoPlace, errno: code), path: target)
            }
            _ = unlink(path)
        }
        // The name made (and the temporary one removed) is in the directory, which fsync of the file
        // does not write.
        let code = disk.directory(DiskSync.directory(of: target))
        if code != 0 { throw JournalError(.system(.syncDirectory, errno: code), path: target) }
    }

    /// Closes a file made by ``staging(for:disk:)`` and removes it.
    package func discard() {
        _ = try? close()
        _ = unlink(path)
    }

    /// Opens an existing journal for appending, after cutting it to `validLength` bytes (dropping a torn
    /// final line found by ``JournalReader``).
    package static func openForAppending(at path: String, validLength: Int64,
                                         disk: DiskSync = .ordinary) throws(JournalError) -> JournalFile {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_APPEND)
        guard descriptor >= 0 else {
            throw JournalError(.system(.openForAppending, errno: errno), path: path)
        }
        if ftruncate(descriptor, off_t(validLength)) != 0 {
            let code = errno
            _ = systemClose(descriptor)
            throw JournalError(.system(.cutTornLine, errno: code), path: path)
        }
        return JournalFile(path: path, descriptor: descriptor, size: validLength, disk: disk)
    }

    /// Buffers bytes for writing.
    package func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        size += Int64(bytes.count)
    }

    // Safe because the bytes are copied into the buffer during the call and never kept.
    /// Buffers bytes for writing.
    package func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
        size += Int64(bytes.count)
    }

    /// The number of bytes buffered and not yet handed to the OS.
    package var pendingByteCount: Int { buffer.count }

    /// Hands every buffered byte to the OS (one `write` call in the common case).
    package func flush() throws(JournalError) {
        guard !buffer.isEmpty else { return }
        // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
        let error = buffer.withUnsafeBytes { writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
        try check(error)
    }

    /// Appends `bytes` and flushes: the same as ``append(_:)-([UInt8])`` then ``flush()``, without
    /// copying `bytes` into the file's buffer first when nothing else is waiting.
    package func appendAndFlush(_ bytes: [UInt8]) throws(JournalError) {
        guard buffer.isEmpty else {
            append(bytes)
            try flush()
            return
        }
        size += Int64(bytes.count)
        // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
        try check(bytes.withUnsafeBytes { writeAll($0) })
    }

    // Safe because it only passes `raw` to write(2), within its count, during the call.
    /// Writes all of `raw`, or as many whole lines of it as the file-size limit lets in; the error, if any.
    /// After an error nothing more is written: the bytes after it would follow a cut line.
    private func writeAll(_ raw: UnsafeRawBufferPointer) -> JournalError? {
        guard descriptor >= 0 else { return JournalError(.alreadyClosed, path: path) }
        if let failure { return failure }
        guard let start = raw.baseAddress else { return nil }
        var count = raw.count
        var refusal: JournalError?
        if let fits = FileSizeLimit.wholeLinesThatFit(raw, after: written) {
            count = fits
            refusal = JournalError(.system(.write, errno: EFBIG), path: path)
        }
        var offset = 0
        while offset < count {
            let done = write(descriptor, start + offset, count - offset)
            if done < 0 {
                if errno == EINTR { continue }
                refusal = JournalError(.system(.write, errno: errno), path: path)
                break
            }
            offset += done
            written += Int64(done)
        }
        failure = refusal
        return refusal
    }

    private func check(_ error: JournalError?) throws(JournalError) {
        if let error { throw error }
    }

    /// Flushes, then puts the file on the disk: `fsync`, or with ``DiskSync/full`` on Apple platforms
    /// `F_FULLFSYNC`, without which the drive may keep the bytes in its cache.
    package func sync() throws(JournalError) {
        try flush()
        let code = disk.file(descriptor)
        if code != 0 { throw JournalError(.system(.sync, errno: code), path: path) }
    }

    /// Flushes and closes the file. Further writes fail.
    package func close() throws(JournalError) {
        guard descriptor >= 0 else { return }
        defer {
            _ = systemClose(descriptor)
            descriptor = -1
        }
        try flush()
    }
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
