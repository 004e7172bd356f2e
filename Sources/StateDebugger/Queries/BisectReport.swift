import StateJournal

/// What ``RecordingQuery/bisect(_:linear:isCancelled:)`` found, and how.
///
/// ```text
/// .count > 10 first holds at step 17 (counter.add(5)); binary search, assuming the predicate stays true once it holds; 7 states read.
/// ```
public struct BisectReport: Sendable, Equatable, CustomStringConvertible {
    /// How the step was searched for.
    public enum Method: Sendable, Equatable {
        /// Binary search: the predicate held at the last step.
        case binarySearch
        /// A scan from the first step: the predicate did not hold at the last step.
        case linearScan
        /// A scan from the first step because the caller asked for one.
        case forcedLinearScan
    }

    /// The predicate, as written.
    public var predicate: String
    /// The first step where it holds; `nil` when it never does.
    public var step: Int?
    /// That step's action (`nil` for the base step or when there is no step).
    public var action: JournalAction?
    /// How the search went.
    public var method: Method
    /// How many states were read.
    public var statesRead: Int
    /// The steps searched.
    public var steps: ClosedRange<Int>
    /// Whether the caller cancelled the search before the end.
    public var cancelled: Bool

    /// How the search went, in words.
    public var methodDescription: String {
        switch method {
        case .binarySearch: "binary search, assuming the predicate stays true once it holds"
        case .linearScan: "linear scan, because the predicate does not hold at the last step"
        case .forcedLinearScan: "linear scan, as asked"
        }
    }

    /// The first step where the predicate holds, with its action, or why there is none.
    public var description: String {
        let how = "\(methodDescription); \(statesRead) state\(statesRead == 1 ? "" : "s") read"
        if cancelled { return "\(predicate): the search was cancelled; \(how)." }
        guard let step else {
            return "\(predicate) never holds in steps \(steps.lowerBound) to \(steps.upperBound); \(how)."
        }
        let label = action.map { " (\($0.label))" } ?? " (the initial state)"
        return "\(predicate) first holds at step \(step)\(label); \(how)."
    }
}
