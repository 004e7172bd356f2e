import StateJournal

extension RecorderOptions.Durability {
    /// How the journal reaches the disk under this policy: only `everyStep(sync: true)` promises that its
    /// steps survive a power cut, so only it pays for `F_FULLFSYNC` on Apple platforms (milliseconds a
    /// step); every policy syncs the journal's directory when a file takes its name.
    var disk: DiskSync {
        disk(flushDriveCache: DiskSync.driveCacheFlush)
    }

    /// ``disk`` with the drive-cache flush (`F_FULLFSYNC` on Apple platforms) handed in, so that a test
    /// on a machine without one sees which policies call it.
    func disk(flushDriveCache: (@Sendable (Int32) -> Int32)?) -> DiskSync {
        if case .everyStep(sync: true) = self { return .full(flushDriveCache: flushDriveCache) }
        return .ordinary
    }
}
