import Foundation
import StateJSON
@testable import StateJournal
import StateSync
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What reaches the disk: a file's bytes (`F_FULLFSYNC` on Apple platforms, `fsync` when refused) and a
/// new journal's name (its directory, synced after the name is made).
@Suite struct DiskSyncTests {
    /// A disk that records what it was asked to sync and answers with the error numbers given.
    final class FakeDisk: Sendable {
        let files = Locked(0)
        let directories = Locked<[String]>([])
        let fileResult: Int32
        let directoryResult: Int32

        init(fileResult: Int32 = 0, directoryResult: Int32 = 0) {
            self.fileResult = fileResult
            self.directoryResult = directoryResult
        }

        var sync: DiskSync {
            DiskSync(file: { _ in
                self.files.withLock { $0 += 1 }
                return self.fileResult
            }, directory: { path in
                self.directories.withLock { $0.append(path) }
                return self.directoryResult
            })
        }
    }

    private static func header() -> [UInt8] {
        var bytes: [UInt8] = []
        JournalBuilder(header: JournalRoundTripTests.header(initial: ["n": 0])).writeHeader(into: &bytes)
        return bytes
    }

    @Test func aDriveCacheFlushTheFileSystemRefusesFallsBackToFsync() throws {
        // As on an Apple volume that refuses F_FULLFSYNC (a network share, FAT): fsync is the most there is.
        let directory = try TemporaryDirectory()
        let descriptor = open(directory.file("f"), O_WRONLY | O_CREAT, 0o600)
        #expect(descriptor >= 0)
        let refused = Locked(0)
        #expect(DiskSync.syncFile(descriptor, flushDriveCache: { _ in refused.withLock { $0 += 1 }; return ENOTSUP }) == 0)
        #expect(refused.withLock { $0 } == 1)
        #expect(DiskSync.syncFile(descriptor, flushDriveCache: { _ in 0 }) == 0)
        close(descriptor)
        // Refused, and fsync fails too: fsync's error is the one reported.
        #expect(DiskSync.syncFile(descriptor, flushDriveCache: { _ in ENOTSUP }) == EBADF)
    }

    @Test func syncUsesTheDisksFileCallAndReportsItsFailure() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("j.jsonl")
        let disk = FakeDisk(fileResult: EIO)
        let file = try JournalFile.create(at: path, disk: disk.sync)
        file.append(Array("{}\n".utf8))
        #expect(throws: JournalError(.system(.sync, errno: EIO), path: path)) { try file.sync() }
        #expect(disk.files.withLock { $0 } == 1)
    }

    @Test func aNewJournalsDirectoryIsSyncedOnceItsNameIsMade() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("j.jsonl")
        let disk = FakeDisk()
        let file = try JournalFile.create(at: path, header: Self.header(), disk: disk.sync)
        try file.close()
        // Linked into place (the temporary name removed), then replaced by a rename: each time the directory.
        let replaced = try JournalFile.create(at: path, header: Self.header(), overwrite: true, disk: disk.sync)
        try replaced.close()
        #expect(disk.directories.withLock { $0 } == [directory.path, directory.path])
        // The staging file's bytes were synced before it took the name.
        #expect(disk.files.withLock { $0 } == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["j.jsonl"])
    }

    @Test func aDirectoryThatCannotBeSyncedIsAnErrorNamingTheJournal() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("j.jsonl")
        let error = #expect(throws: JournalError.self) {
            try JournalFile.create(at: path, header: Self.header(), disk: FakeDisk(directoryResult: EIO).sync)
        }
        #expect(error == JournalError(.system(.syncDirectory, errno: EIO), path: path))
        #expect(error?.description == "\(path): cannot sync the journal's directory to disk: input/output error.")
    }

    @Test func theSystemSyncsARealDirectoryAndReportsAMissingOne() throws {
        let directory = try TemporaryDirectory()
        #expect(DiskSync.syncDirectory(directory.path) == 0)
        #expect(DiskSync.syncDirectory(directory.file("missing")) == ENOENT)
    }

    @Test func aFilesDirectoryIsWhatOpenTakes() {
        #expect(DiskSync.directory(of: "/a/b/j.jsonl") == "/a/b")
        #expect(DiskSync.directory(of: "/j.jsonl") == "/")
        #expect(DiskSync.directory(of: "logs/j.jsonl") == "logs")
        #expect(DiskSync.directory(of: "j.jsonl") == "")
    }
}
