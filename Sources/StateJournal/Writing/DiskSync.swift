#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// How a journal's bytes and its name are made to survive a power cut: the calls behind
/// ``JournalFile/sync()`` and behind moving a new journal into place.
///
/// A file's bytes: `fsync` on Linux, whose drive-cache flush is part of it. On Apple platforms `fsync`
/// hands the bytes to the drive, which may hold them in its cache for a while, lost in a power cut;
/// `fcntl(F_FULLFSYNC)` makes the drive write them (``full``), at a cost of milliseconds each time, so
/// only a journal that promises to survive a power cut pays it (``ordinary`` is `fsync` alone). A file
/// system that refuses it (some network and external volumes) gets `fsync`, the most there is.
///
/// A file's name: a new journal's name (made by `link` or `rename`, the old name removed) is an entry
/// of its directory, which reaches the disk when the directory is synced, not the file. A file system
/// that cannot sync a directory (`EINVAL`, `ENOTSUP`) has nothing to sync; any other failure is an
/// error.
package struct DiskSync: Sendable {
    /// Puts an open file's bytes on the disk: 0, or the error number.
    package var file: @Sendable (_ descriptor: Int32) -> Int32
    /// Puts a directory's entries on the disk: 0, or the error number.
    package var directory: @Sendable (_ path: String) -> Int32

    /// Calls of your own, for tests: a failing disk, or a record of what was synced.
    package init(file: @escaping @Sendable (Int32) -> Int32, directory: @escaping @Sendable (String) -> Int32) {
        self.file = file
        self.directory = directory
    }

    /// What survives a power cut: `F_FULLFSYNC` on Apple platforms, `fsync` elsewhere (see the type's
    /// description), for files and directories.
    package static let full = full(flushDriveCache: driveCacheFlush)

    /// ``full`` with the drive-cache flush handed in: a test's, which says whether it was called, where
    /// this machine has none.
    package static func full(flushDriveCache: (@Sendable (Int32) -> Int32)?) -> DiskSync {
        DiskSync(file: { syncFile($0, flushDriveCache: flushDriveCache) },
                 directory: { syncDirectory($0, flushDriveCache: flushDriveCache) })
    }

    /// `fsync` alone, for files and directories: on Apple platforms the bytes may stay in the drive's
    /// cache; on Linux the same as ``full``.
    package static let ordinary = DiskSync(file: { syncFile($0, flushDriveCache: nil) },
                                           directory: { syncDirectory($0, flushDriveCache: nil) })

    /// Puts a file's bytes on the disk, with `F_FULLFSYNC` on Apple platforms and `fsync` when that is
    /// refused or does not exist: 0, or the error number of `fsync`.
    ///
    /// - Parameter flushDriveCache: `F_FULLFSYNC`'s `fcntl` (0 or the error number), `nil` where there is
    ///   none (Linux's `fsync` flushes the drive's cache itself). A parameter so that a test can refuse it.
    package static func syncFile(_ descriptor: Int32, flushDriveCache: (@Sendable (Int32) -> Int32)? = driveCacheFlush) -> Int32 {
        if let flushDriveCache, flushDriveCache(descriptor) == 0 { return 0 }
        return fsync(descriptor) == 0 ? 0 : errno
    }

    /// `fcntl(F_FULLFSYNC)` on Apple platforms (0, or the error number); none elsewhere.
    package static var driveCacheFlush: (@Sendable (Int32) -> Int32)? {
        #if canImport(Darwin)
        return { descriptor in fcntl(descriptor, F_FULLFSYNC) == 0 ? 0 : errno }
        #else
        return nil
        #endif
    }

    /// Syncs the directory at `path` (its entries: names made, renamed and removed): 0 when done or when
    /// its file system cannot sync a directory, else the error number.
    package static func syncDirectory(_ path: String, flushDriveCache: (@Sendable (Int32) -> Int32)? = driveCacheFlush) -> Int32 {
        let descriptor = open(path.isEmpty ? "." : path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno }
        defer { _ = close(descriptor) }
        let code = syncFile(descriptor, flushDriveCache: flushDriveCache)
        return code == EINVAL || code == ENOTSUP ? 0 : code
    }

    /// The directory a file at `path` is in, as `open` takes it: `""` (the working directory) for a bare name.
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
