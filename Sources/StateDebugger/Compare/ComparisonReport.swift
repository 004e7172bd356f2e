import StateJournal

/// Where two recordings first differ, from ``RecordingComparison/compare(_:_:renderer:)``.
///
/// ```text
/// a.jsonl and b.jsonl first differ at step 3: the actions differ (counter.add(2) vs counter.add(3)).
/// ```
public struct ComparisonReport: Sendable, Equatable, CustomStringConvertible {
    /// What the comparison found.
    public enum Outcome: Sendable, Equatable {
        /// The same actions and states through this step, and the same length.
        case identical(through: Int)
        /// The actions of this step differ (first recording's, second's); `diff` compares the states after it.
        case actionsDiffer(step: Int, first: JournalAction, second: JournalAction, diff: StateDiff?)
        /// The same action but different states after this step.
        case statesDiffer(step: Int, diff: StateDiff)
        /// The recordings start from different states at this step (their base step, before any
        /// action), and record these apps (first recording's, second's), which may differ too.
        case initialStatesDiffer(step: Int, diff: StateDiff, apps: [String])
        /// Identical through `through`, then the named recording goes on for `extraSteps` more.
        case oneIsLonger(through: Int, longer: String, extraSteps: Int)
    }

    /// The first recording's name.
    public var first: String
    /// The second recording's name.
    public var second: String
    /// What was found.
    public var outcome: Outcome

    /// Whether the recordings are the same.
    public var isIdentical: Bool {
        if case .identical = outcome { return true }
        return false
    }

    /// The first differing step, if any.
    public var firstDifference: Int? {
        switch outcome {
        case .identical, .oneIsLonger: nil
        case .actionsDiffer(let step, _, _, _), .statesDiffer(let step, _), .initialStatesDiffer(let step, _, _): step
        }
    }

    /// Whether the recordings agree and, if not, the first step where they differ, with a diff of the states.
    public var description: String {
        switch outcome {
        case .identical(let through):
            return "\(first) and \(second) are identical through step \(through)."
        case .actionsDiffer(let step, let one, let other, let diff):
            let states = diff.map { " The states after it (- \(first), + \(second)):\n\($0.rendered)" } ?? " The states after it are equal."
            return "\(first) and \(second) first differ at step \(step): the actions differ (\(one.label) vs \(other.label)).\(states)"
        case .statesDiffer(let step, let diff):
            return "\(first) and \(second) first differ at step \(step): the same action gives different states (- \(first), + \(second)):\n\(diff.rendered)"
        case .initialStatesDiffer(let step, let diff, let apps):
            return "\(first) and \(second) \(Self.start(step: step, apps: apps)) (- \(first), + \(second)):\n\(diff.rendered)"
        case .oneIsLonger(let through, let longer, let extra):
            return "\(first) and \(second) are identical through step \(through), then \(longer) goes on for \(extra) more step\(extra == 1 ? "" : "s")."
        }
    }

    /// How two recordings with different initial states start: `start from different initial states at
    /// step 0, before any action`, naming the apps first when they differ.
    public static func start(step: Int, apps: [String]) -> String {
        let differentApps = apps.count == 2 && apps[0] != apps[1] ? "record different apps (\(apps[0]) and \(apps[1])) and " : ""
        return "\(differentApps)start from different initial states at step \(step), before any action"
    }
}
