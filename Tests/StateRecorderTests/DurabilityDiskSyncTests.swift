import Foundation
import StateJournal
@testable import StateRecorder
import StateSync
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which durability policy pays for the drive-cache flush (`F_FULLFSYNC` on Apple platforms). Linux has
/// none, so the flush is handed in and counted, as an Apple system would answer it.
@Suite struct DurabilityDiskSyncTests {
    /// How many times `policy`'s disk calls the drive-cache flush when it syncs a file and a directory.
    private static func flushes(under policy: RecorderOptions.Durability) throws -> Int {
        let directory = try TemporaryDirectory()
        let calls = Locked(0)
        let disk = policy.disk(flushDriveCache: { _ in
            calls.withLock { $0 += 1 }
            return 0
        })
        let descriptor = open(directory.file("j.jsonl"), O_WRONLY | O_CREAT, 0o600)
        defer { close(descriptor) }
        #expect(descriptor >= 0)
        #expect(disk.file(descriptor) == 0)
        #expect(disk.directory(directory.path) == 0)
        return calls.withLock { $0 }
    }

    @Test func onlyEveryStepWithSyncFlushesTheDriveCacheForFilesAndDirectories() throws {
        #expect(try Self.flushes(under: .everyStep(sync: true)) == 2)
        #expect(try Self.flushes(under: .everyStep(sync: false)) == 0)
        #expect(try Self.flushes(under: .batched(steps: 64, milliseconds: 100)) == 0)
        #expect(try Self.flushes(under: .onClose) == 0)
    }

    @Test func aRefusedDriveCacheFlushStillSyncsWithFsync() throws {
        // A volume that refuses F_FULLFSYNC (a network share, FAT): the sync succeeds with fsync.
        let directory = try TemporaryDirectory()
        let disk = RecorderOptions.Durability.everyStep(sync: true).disk(flushDriveCache: { _ in ENOTSUP })
        let descriptor = open(directory.file("j.jsonl"), O_WRONLY | O_CREAT, 0o600)
        defer { close(descriptor) }
        #expect(disk.file(descriptor) == 0)
        #expect(disk.directory(directory.path) == 0)
    }

    #if !canImport(Darwin)
    @Test func thisSystemHasNoDriveCacheFlushOfItsOwn() {
        // Linux's fsync flushes the drive's cache itself; only Apple platforms have F_FULLFSYNC.
        #expect(DiskSync.driveCacheFlush == nil)
    }
    #endif
}
