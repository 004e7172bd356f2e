import StateJSON

/// What ``RecordingQuery/changes(of:in:isCancelled:)`` found.
///
/// ```text
/// .count changed at 2 of steps 1 to 5 (3 states read, 2 steps skipped by their patches):
/// step 1 counter.increment: 0 → 1
/// step 3 counter.add(2): 1 → 3
/// ```
public struct ChangesReport: Sendable, Equatable, CustomStringConvertible {
    /// The path queried.
    public var path: JSONPath
    /// The steps searched (the step before the first is the baseline); empty when there are none.
    public var steps: Range<Int>
    /// The changes, in step order.
    public var changes: [ValueChange]
    /// How many states were rebuilt.
    public var statesRead: Int
    /// How many steps were passed over because their patch could not touch the path.
    public var stepsSkipped: Int
    /// Whether the caller cancelled the search before the end.
    public var cancelled: Bool

    public var description: String {
        var lines = ["\(path) changed at \(changes.count) of steps \(steps.lowerBound) to \(steps.upperBound - 1) (\(statesRead) states read, \(stepsSkipped) steps skipped by their patches)\(cancelled ? ", cancelled" : "")\(changes.isEmpty ? "" : ":")"]
        lines += changes.map(\.description)
        return lines.joined(separator: "\n")
    }
}
