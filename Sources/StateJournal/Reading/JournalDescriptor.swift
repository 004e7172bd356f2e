#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Opening a journal file for reading, the same way for every reader.
enum JournalDescriptor {
    /// A read-only descriptor for the regular file at `path`.
    ///
    /// It is opened non-blocking, so that a FIFO is refused instead of waiting for a writer.
    ///
    /// - Throws: ``JournalError`` with status `noInput` for a missing or unreadable path (a symbolic link
    ///   loop among them), or one that is a directory, FIFO, device or socket; `ioError` for other failures
    ///   (see ``JournalError/Category/opening(errno:)``).
    static func openRegularFile(_ path: String) throws(JournalError) -> CInt {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw JournalError(.system(.open, errno: errno), path: path)
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            _ = close(descriptor)
            throw JournalError(.notARegularFile((info.st_mode & S_IFMT) == S_IFDIR ? .directory : .fifoDeviceOrSocket), path: path)
        }
        return descriptor
    }
}
