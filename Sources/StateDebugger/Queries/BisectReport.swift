import StateJournal
import StateQuery

/// What ``RecordingQuery/bisect(_:linear:isCancelled:)`` found, and how.
///
/// A binary search answers the first step only for a predicate that stays true once it holds, which
/// it cannot check without reading every step; the report says so and names the scan that makes sure:
///
/// ```text
/// .count > 10 first holds at step 17 (counter.add(5)) if it stays true once it holds: binary search read 7 of 61 states; --linear reads them all.
/// action.type == "counter.add" first holds at step 3 (counter.add(5)); linear scan, because a predicate over the action or the step number can hold at one step and not at the next; 4 states read.
/// ```
public struct BisectReport: Sendable, Equatable, CustomStringConvertible {
    /// How the step was searched for.
    public enum Method: Sendable, Equatable {
        /// Binary search: the predicate reads only the state and held at the last step.
        case binarySearch
        /// A scan from the first step: the predicate did not hold at the last step.
        case linearScan
        /// A scan from the first step because the predicate reads the action or the step number. Those
        /// hold at one step and not at the next (`action.type == "add"`), so a binary search, which
        /// assumes that a predicate stays true once it holds, would answer a later step than the first.
        case linearScanOfAction
        /// A scan from the first step because the caller asked for one.
        case forcedLinearScan

        /// The scan a search for `predicate` starts with, or `nil` when it may bisect: the caller
        /// asked for a scan (`asked`), or the predicate reads more than the state.
        package static func linearScan(for predicate: StatePredicate, asked: Bool) -> Method? {
            if asked { return .forcedLinearScan }
            return predicate.readsOnlyState ? nil : .linearScanOfAction
        }
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
        case .linearScanOfAction:
            "linear scan, because a predicate over the action or the step number can hold at one step and not at the next"
        case .forcedLinearScan: "linear scan, as asked"
        }
    }

    /// The first step where the predicate holds, with its action, or why there is none. After a binary
    /// search, the step is the first only if the predicate stays true once it holds, which the search
    /// cannot know: the sentence says so, and that `--linear` reads every step.
    public var description: String {
        let read = "\(statesRead) state\(statesRead == 1 ? "" : "s") read"
        if cancelled { return "\(predicate): the search was cancelled; \(methodDescription); \(read)." }
        guard let step else {
            return "\(predicate) never holds in steps \(steps.lowerBound) to \(steps.upperBound); \(methodDescription); \(read)."
        }
        let label = action.map { " (\($0.label))" } ?? " (the initial state)"
        if method == .binarySearch {
            return "\(predicate) first holds at step \(step)\(label) if it stays true once it holds: "
                + "binary search read \(statesRead) of \(steps.count) states; --linear reads them all."
        }
        return "\(predicate) first holds at step \(step)\(label); \(methodDescription); \(read)."
    }
}
