#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A command's output on its way to the path a person named (`-o PATH`), the one way every command
/// writes one.
///
/// - A regular file, or a path where nothing is yet, is written under a temporary name beside it and
///   moved into place when the output is whole: an interrupted or failed command leaves the old file
///   (or no file) there, never half of the new one.
/// - A device, FIFO or socket is written to in place and never replaced: `-o /dev/null` discards the
///   output, `-o /dev/full` fails with the device's error. A FIFO nobody reads is refused rather than
///   waited on.
/// - A symbolic link is followed: the file it names is written (created, when the link dangles), and
///   the link stays.
///
/// An existing output is replaced only with `force`, and an output that is one of the command's
/// `inputs` never (see ``OutputPath/refuseOverwriting(inputs:with:)``).
///
/// ```swift
/// let file = try OutputFile.open("min.jsonl", force: false, inputs: ["bank.jsonl"], mode: 0o600)
/// try file.write(bytes)
/// try file.commit()
/// ```
package final class OutputFile {
    /// Where the bytes go.
    private enum Destination {
        /// A regular file at `target` (the path with its links followed), written at `staging` until
        /// ``commit()`` moves it there; `replaces` when a file is there to replace.
        case file(target: String, staging: String, replaces: Bool)
        /// A device, FIFO or socket, written in place.
        case stream
    }

    /// The output as the command was given it, for messages.
    package let path: String
    private let destination: Destination
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var finished = false

    private init(path: String, destination: Destination, descriptor: Int32) {
        self.path = path
        self.destination = destination
        self.descriptor = descriptor
    }

    deinit {
        if !finished { discard() }
    }

    /// Opens the output at `path`.
    ///
    /// - Parameters:
    ///   - force: Replace a file that is there (write to a device that is there).
    ///   - inputs: The files the command reads, which the output must not be.
    ///   - mode: The permissions of a file written; `nil` for the usual ones (0666 less the umask), or,
    ///     when a file is replaced, that file's own.
    /// - Throws: ``DebuggerError/fileExists(path:)`` without `force` when something is there,
    ///   ``DebuggerError/output(_:)`` when the output cannot be created or opened, and the refusal of
    ///   ``OutputPath/refuseOverwriting(inputs:with:)``.
    package static func open(_ path: String, force: Bool, inputs: [String] = [], mode: mode_t? = nil) throws(DebuggerError) -> OutputFile {
        try OutputPath.refuseOverwriting(inputs: inputs, with: path)
        var info = stat()
        if stat(path, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR { throw .output(OutputFileError(path: path, code: .isDirectory)) }
            if !force { throw .fileExists(path: path) }
            if kind == S_IFREG {
                let target = try OutputPath.followingLinks(path)
                return try staged(path, target: target, replaces: true, mode: mode ?? info.st_mode & 0o7777)
            }
            return OutputFile(path: path, destination: .stream, descriptor: try openInPlace(path, isSocket: kind == S_IFSOCK))
        }
        switch errno {
        case ENOENT:
            // Nothing there, or a link to nothing: the file the links name is created.
            let target = try OutputPath.followingLinks(path)
            return try staged(path, target: target, replaces: false, mode: mode ?? 0o666)
        case ELOOP:
            throw .output(OutputFileError(path: path, code: .linkLoop))
        case let code:
            throw .output(OutputFileError(path: path, code: .cannotCreate(errno: code)))
        }
    }

    /// Writes `bytes` to the output at `path` whole: ``open(_:force:inputs:mode:)``, then ``commit()``.
    package static func write(_ bytes: [UInt8], to path: String, force: Bool, inputs: [String] = [],
                              mode: mode_t? = nil) throws(DebuggerError) {
        let file = try open(path, force: force, inputs: inputs, mode: mode)
        try file.write(bytes)
        try file.commit()
    }

    /// A new file under a temporary name in `target`'s directory, which ``commit()`` renames.
    private static func staged(_ path: String, target: String, replaces: Bool, mode: mode_t) throws(DebuggerError) -> OutputFile {
        let directory = OutputPath.directory(of: target)
        let name = String(target.dropFirst(directory.count))
        for attempt in 0..<1000 {
            let staging = "\(directory).\(name).writing-\(getpid())-\(attempt)"
            let descriptor = systemOpen(staging, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if descriptor >= 0 {
                // The umask would narrow the mode of a file replaced; it keeps its own.
                if replaces { _ = fchmod(descriptor, mode) }
                return OutputFile(path: path, destination: .file(target: target, staging: staging, replaces: replaces),
                                  descriptor: descriptor)
            }
            if errno != EEXIST { break }
        }
        throw .output(OutputFileError(path: path, code: .cannotCreate(errno: errno)))
    }

    /// The descriptor of a device, FIFO or socket opened for writing in place.
    private static func openInPlace(_ path: String, isSocket: Bool) throws(DebuggerError) -> Int32 {
        if isSocket { return try connect(path) }
        // Without O_NONBLOCK, opening a FIFO that no process reads would wait until one does.
        let descriptor = systemOpen(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw .output(OutputFileError(path: path, code: code == ENXIO ? .noReader : .cannotCreate(errno: code)))
        }
        // Writes wait for a slow reader as usual.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// A stream socket connected to the Unix socket at `path`.
    private static func connect(_ path: String) throws(DebuggerError) -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw .output(OutputFileError(path: path, code: .cannotCreate(errno: errno))) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            _ = systemClose(descriptor)
            throw .output(OutputFileError(path: path, code: .cannotCreate(errno: ENAMETOOLONG)))
        }
        // Safe because the path's bytes (checked shorter than sun_path, which starts zeroed) are copied
        // into the address, and both pointers are used only inside their closures.
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            _ = systemClose(descriptor)
            throw .output(OutputFileError(path: path, code: .cannotCreate(errno: code)))
        }
        return descriptor
    }

    /// Adds `bytes` to the output, handing them to the system once a megabyte waits.
    ///
    /// - Throws: ``DebuggerError/output(_:)`` when the system refuses them (a full disk or device).
    package func write(_ bytes: [UInt8]) throws(DebuggerError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { try flush() }
    }

    private func flush() throws(DebuggerError) {
        // Safe because the pointer is used only inside the closure, at offsets below the buffer's count.
        let code: Int32? = buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        buffer.removeAll(keepingCapacity: true)
        if let code { throw .output(OutputFileError(path: path, code: .cannotWrite(errno: code))) }
    }

    /// Finishes the output: a regular file is synced to the disk and moved into place (replacing the
    /// file there, or appearing where nothing was); a device, FIFO or socket is closed. On failure the
    /// file at the path is as it was.
    ///
    /// - Throws: ``DebuggerError/output(_:)`` when a write, the sync or the move fails, and
    ///   ``DebuggerError/fileExists(path:)`` when a file appeared at a path that was free.
    package func commit() throws(DebuggerError) {
        do {
            try flush()
        } catch {
            discard()
            throw error
        }
        finished = true
        guard case .file(let target, let staging, let replaces) = destination else {
            if systemClose(descriptor) != 0 {
                throw .output(OutputFileError(path: path, code: .cannotWrite(errno: errno)))
            }
            descriptor = -1
            return
        }
        // On the disk before it takes the name: a crash never leaves an empty file there.
        if fsync(descriptor) != 0 || systemClose(descriptor) != 0 {
            let code = errno
            descriptor = -1
            _ = unlink(staging)
            throw .output(OutputFileError(path: path, code: .cannotWrite(errno: code)))
        }
        descriptor = -1
        if replaces {
            guard rename(staging, target) == 0 else {
                let code = errno
                _ = unlink(staging)
                throw .output(OutputFileError(path: path, code: .cannotWrite(errno: code)))
            }
            return
        }
        // `link` fails rather than replace a file that appeared since the output was opened.
        defer { _ = unlink(staging) }
        guard link(staging, target) == 0 else {
            if errno == EEXIST { throw .fileExists(path: path) }
            throw .output(OutputFileError(path: path, code: .cannotWrite(errno: errno)))
        }
    }

    /// Abandons the output: a regular file's temporary file is removed, leaving the path as it was.
    package func discard() {
        finished = true
        if descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
        if case .file(_, let staging, _) = destination { _ = unlink(staging) }
    }
}

// The system calls under names of their own: inside `OutputFile`, `open`, `write` and `close` name its methods.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    open(path, flags, mode)
}

// Safe because the caller passes a pointer valid for `count` bytes for the duration of the call.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

// Safe because the caller passes an address valid for `length` bytes for the duration of the call.
private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
