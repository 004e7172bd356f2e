import StateJournal

/// What ``JournalCheck/check(path:limit:isCancelled:)`` found in a journal.
///
/// ```text
/// counter.jsonl:42: line 42 is incomplete (17 bytes with no line feed), as left by a writer that stopped mid-line; everything before it is intact; `statedbg check --repair` cuts it off.
/// counter.jsonl: 1 problem in 41 steps.
/// ```
///
/// When there are more problems than were listed, a line before the summary says how many more, and
/// the summary counts them all:
///
/// ```text
/// big.jsonl: 999,980 more damaged lines are not listed; 1,000,000 damaged lines in all.
/// big.jsonl: 1,000,000 problems in 1,000,000 steps.
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
    /// How many problems there are, also those beyond the ones listed in ``problems``.
    public var problemCount: Int
    /// The journal's format version; version 1 lines carry no checksum (see ``coversEveryByte``).
    public var version: Int?

    /// Creates a report.
    public init(path: String, problems: [JournalError], torn: TornLine?, stepCount: Int, cancelled: Bool,
                problemCount: Int? = nil, version: Int? = nil) {
        self.path = path
        self.problems = problems
        self.torn = torn
        self.stepCount = stepCount
        self.cancelled = cancelled
        self.problemCount = max(problemCount ?? problems.count, problems.count)
        self.version = version
    }

    /// Whether every byte of every line was checked: true from format version 2, whose lines carry a
    /// checksum; a version 1 journal's actions, times and labels are not covered.
    public var coversEveryByte: Bool { (version ?? 2) >= 2 }

    /// What the check could not cover, for a version 1 journal; `nil` otherwise.
    public var coverageNote: String? {
        guard !coversEveryByte, let version else { return nil }
        return "\(path): a version \(version) journal: its lines carry no checksum, so only its states are checked against their hashes; a changed action, label or time is not detected."
    }

    /// Whether the journal is sound.
    public var passed: Bool { problems.isEmpty && !cancelled }

    /// The problems, one sentence each starting with `path:line`, then a note on lines not listed or not checked.
    public var description: String {
        var lines = problems.map(\.description)
        let unlisted = problemCount - problems.count
        if unlisted > 0 {
            lines.append("\(path): \(Self.grouped(unlisted)) more damaged line\(unlisted == 1 ? " is" : "s are") not listed; \(Self.grouped(problemCount)) damaged lines in all.")
        }
        if let coverageNote { lines.append(coverageNote) }
        let summary = problemCount == 0 ? "no problems" : "\(Self.grouped(problemCount)) problem\(problemCount == 1 ? "" : "s")"
        lines.append("\(path): \(summary) in \(Self.grouped(stepCount)) step\(stepCount == 1 ? "" : "s")\(cancelled ? " checked before the check was cancelled" : "").")
        return lines.joined(separator: "\n")
    }

    /// `1000000` as `1,000,000`.
    package static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
