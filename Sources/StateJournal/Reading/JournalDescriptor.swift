#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opening a journal file for reading, the same way for every reader.
enum JournalDescriptor {
    /// A read-only descriptor for the regular file at `path`.
    ///
    /// It is opened non-blocking, so that a FIFO is refused instead of waiting for a writer.
    ///
    /// - Throws: ``JournalError`` with status `noInput` for a missing or unreadable path, or one that
    ///   is a directory, FIFO, device or socket; `ioError` for other failures.
    static func openRegularFile(_ path: String) throws(JournalError) -> CInt {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            throw .system(code == ENOENT || code == EACCES || code == ENOTDIR ? .noInput : .ioError, path, "cannot open the journal", errno: code)
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            _ = close(descriptor)
            let kind = (info.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "a FIFO, device or socket"
            throw JournalError(.noInput, path: path, "this is \(kind), not a journal file; journals are read from regular files.")
        }
        return descriptor
    }
}
