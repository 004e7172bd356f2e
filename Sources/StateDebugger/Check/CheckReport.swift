import StateJournal

/// What ``JournalCheck/check(path:limit:isCancelled:)`` found in a journal.
///
/// ```text
/// counter.jsonl:42: line 42 is incomplete (17 bytes with no line feed), as left by a writer that stopped mid-line; everything before it is intact; `statedbg check --repair` cuts it off.
/// counter.jsonl: 1 problem in 41 steps.
/// ```
public struct CheckReport: Sendable, Equatable, CustomStringConvertible {
    /// The journal's path.
    public var path: String
    /// Every problem found, each with its file and line, the torn last line included.
    public var problems: [JournalError]
    /// The incomplete last line, which ``JournalCheck/repair(path:)`` can cut off.
    public var torn: TornLine?
    /// The number of complete steps (0 when the file could not be indexed).
    public var stepCount: Int
    /// Whether the search stopped early.
    public var cancelled: Bool

    /// Whether the journal is sound.
    public var passed: Bool { problems.isEmpty && !cancelled }

    public var description: String {
        var lines = problems.map(\.description)
        let count = problems.count
        let summary = count == 0 ? "no problems" : "\(count) problem\(count == 1 ? "" : "s")"
        lines.append("\(path): \(summary) in \(stepCount) step\(stepCount == 1 ? "" : "s")\(cancelled ? " checked before the check was cancelled" : "").")
        return lines.joined(separator: "\n")
    }
}
