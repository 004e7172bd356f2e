/// What ``JournalCheck/repair(path:)`` did.
///
/// ```text
/// counter.jsonl: cut the incomplete line 42 (17 bytes); the original is in counter.jsonl.bak.
/// ```
public struct RepairReport: Sendable, Equatable, CustomStringConvertible {
    /// The journal's path.
    public var path: String
    /// Where the original was copied before the cut; `nil` when nothing needed repair.
    public var backupPath: String?
    /// The line removed.
    public var removedLine: Int?
    /// The bytes removed.
    public var removedBytes: Int

    /// What the repair did, as `statedbg check --repair` prints it:
    /// `r.jsonl: cut the incomplete line 41 (17 bytes); the original is in r.jsonl.bak.`
    public var description: String {
        guard let backupPath, let removedLine else {
            return "\(path): nothing to repair; the last line is complete."
        }
        return "\(path): cut the incomplete line \(removedLine) (\(removedBytes) bytes); the original is in \(backupPath)."
    }
}
