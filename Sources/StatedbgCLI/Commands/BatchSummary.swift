import TerminalKit
import StateJSON

/// The tally of a command run over several recordings, and the exit status it ends with.
///
/// A recording passed when its own status is 0 and failed when it is 1 (its check found a problem);
/// any other status (64, 65, 66, 74) is an error: the recording could not be checked. The command
/// exits with 1 when any recording failed, else with the highest status of the errors, else with 0.
///
/// ```swift
/// var summary = BatchSummary()
/// for status in [ExitStatus.success, .noInput, .checkFailed] { summary.add(status) }
/// print(summary)          // summary.status is .checkFailed: a recording failed its check
/// ```
/// ```text
/// 3 recordings: 1 passed, 1 failed, 1 error
/// ```
struct BatchSummary: Equatable, CustomStringConvertible {
    /// Recordings whose status is 0.
    private(set) var passed = 0
    /// Recordings whose status is 1.
    private(set) var failed = 0
    /// Recordings that ended with any other status.
    private(set) var errors = 0
    /// The status of the whole run so far.
    private(set) var status = ExitStatus.success

    /// The number of recordings tallied.
    var count: Int { passed + failed + errors }

    /// Counts one recording that ended with `status`.
    mutating func add(_ status: ExitStatus) {
        switch status {
        case .success: passed += 1
        case .checkFailed: failed += 1
        default: errors += 1
        }
        self.status = Self.combine(self.status, status)
    }

    /// The status of two results together: a failed check outweighs every error, since it is the
    /// answer the run was for; among errors the highest status wins.
    static func combine(_ first: ExitStatus, _ second: ExitStatus) -> ExitStatus {
        if first == .checkFailed || second == .checkFailed { return .checkFailed }
        return first.rawValue >= second.rawValue ? first : second
    }

    /// `3 recordings: 2 passed, 1 failed`, with `, N errors` when there were any.
    var description: String {
        let errorCount = errors == 0 ? "" : ", \(errors) error\(errors == 1 ? "" : "s")"
        return "\(count) recording\(count == 1 ? "" : "s"): \(passed) passed, \(failed) failed\(errorCount)"
    }

    /// `{"summary":{"errors":0,"failed":1,"passed":2,"recordings":3,"status":1}}`.
    var jsonValue: JSONValue {
        ["summary": [
            "recordings": .integer(Int64(count)), "passed": .integer(Int64(passed)), "failed": .integer(Int64(failed)),
            "errors": .integer(Int64(errors)), "status": .integer(Int64(status.rawValue)),
        ]]
    }
}
