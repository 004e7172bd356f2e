import StateJSON
import StateQuery

/// What ``RecordingQuery/changes(of:in:isCancelled:found:)`` found.
///
/// The changes come first, one per step, and a summary last, so the same lines can be printed one by
/// one while the search runs. A path that selects one value prints the values; a wildcard names each
/// selected path that changed:
///
/// ```text
/// step 1 counter.increment: 0 → 1
/// step 3 counter.add(2): 1 → 3
/// .count changed at 2 of steps 1 to 5.
/// ```
/// ```text
/// step 40 users.updateAge(id: 5, age: -1): .users[4].age 24 → -1
/// .users[*].age changed at 1 of steps 1 to 60.
/// ```
public struct ChangesReport: Sendable, Equatable, CustomStringConvertible {
    /// The path queried.
    public var path: JSONPath
    /// The steps searched (the step before the first is the baseline); empty when there are none.
    public var steps: Range<Int>
    /// The changes, in step order; a search that streams its results may keep none (see ``changeCount``).
    public var changes: [ValueChange]
    /// How many steps changed the values, also when ``changes`` does not hold them.
    public var changeCount: Int
    /// How many states were rebuilt.
    public var statesRead: Int
    /// How many steps were passed over because their patch could not touch the path.
    public var stepsSkipped: Int
    /// Whether the caller cancelled the search before the end.
    public var cancelled: Bool
    /// The last step searched; `nil` before the first.
    public var lastStepSearched: Int?

    /// Creates a report.
    public init(path: JSONPath, steps: Range<Int>, changes: [ValueChange], statesRead: Int, stepsSkipped: Int,
                cancelled: Bool, lastStepSearched: Int? = nil, changeCount: Int? = nil) {
        self.path = path
        self.steps = steps
        self.changes = changes
        self.changeCount = changeCount ?? changes.count
        self.statesRead = statesRead
        self.stepsSkipped = stepsSkipped
        self.cancelled = cancelled
        self.lastStepSearched = lastStepSearched
    }

    /// Whether each change names the paths that changed, because the path can select several values.
    public var namesPaths: Bool { !path.selectsAtMostOneValue }

    /// One change as the report prints it.
    public func line(for change: ValueChange) -> String {
        change.rendered(namingPaths: namesPaths)
    }

    /// The last line: how many steps changed the path, or where the search was interrupted.
    ///
    /// ```text
    /// .nope never changed in steps 1 to 60.
    /// Interrupted after step 2047 of steps 1 to 20000; ..amount changed at 1965 of them so far.
    /// ```
    public var summary: String {
        guard !steps.isEmpty else { return "\(path): there are no steps to search." }
        let range = "steps \(steps.lowerBound) to \(steps.upperBound - 1)"
        if cancelled {
            let reached = lastStepSearched.map { "after step \($0) of \(range)" } ?? "before step \(steps.lowerBound)"
            return "Interrupted \(reached); \(path) changed at \(changeCount) of them so far."
        }
        return changeCount == 0 ? "\(path) never changed in \(range)." : "\(path) changed at \(changeCount) of \(range)."
    }

    /// One line per step that changed the value, then a summary line, as `statedbg changes` prints it.
    public var description: String {
        (changes.map(line(for:)) + [summary]).joined(separator: "\n")
    }
}
