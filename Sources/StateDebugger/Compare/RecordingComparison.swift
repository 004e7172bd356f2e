import StateJSON
import StateJournal

/// Compares two recordings step by step: `statedbg diff FILE1 FILE2`.
///
/// Steps are matched by number. For each step the actions are compared, then the states: by their
/// recorded hashes when both recordings have them (no state is rebuilt while they agree), otherwise
/// by value.
///
/// ```swift
/// let report = try RecordingComparison.compare(try RecordingLoader.open(path: "a.jsonl"),
///                                              try RecordingLoader.open(path: "b.jsonl"))
/// report.firstDifference      // 3
/// ```
public enum RecordingComparison {
    /// The first difference between `first` and `second`.
    public static func compare(_ first: any RecordingSource, _ second: any RecordingSource,
                               renderer: JSONDiffRenderer = JSONDiffRenderer(),
                               isCancelled: () -> Bool = { false }) throws(DebuggerError) -> ComparisonReport {
        var report = ComparisonReport(first: first.name, second: second.name, outcome: .identical(through: 0))
        let start = max(first.baseStep, second.baseStep)
        let end = min(first.lastStep, second.lastStep)
        if start > end {
            report.outcome = .oneIsLonger(through: end, longer: first.lastStep > second.lastStep ? first.name : second.name,
                                          extraSteps: abs(first.lastStep - second.lastStep))
            return report
        }
        let startFirst = try first.state(at: start)
        let startSecond = try second.state(at: start)
        if let diff = StateDiff.between(startFirst, startSecond, from: start, to: start, renderer: renderer) {
            // At the base step no action has run yet (when both start there); later a state is still
            // reached through an action of its own recording.
            report.outcome = start == first.baseStep && start == second.baseStep
                ? .initialStatesDiffer(step: start, diff: diff, apps: [first.info.app, second.info.app])
                : .statesDiffer(step: start, diff: diff)
            return report
        }
        var step = start + 1
        while step <= end {
            if step & 1023 == 0, isCancelled() { throw .cancelled("comparison") }
            let one = try first.record(at: step)
            let other = try second.record(at: step)
            if one.action != other.action {
                let diff = StateDiff.between(try first.state(at: step), try second.state(at: step), from: step, to: step, renderer: renderer)
                report.outcome = .actionsDiffer(step: step, first: one.action, second: other.action, diff: diff)
                return report
            }
            let sameState: Bool
            if let hashOne = one.hash, let hashOther = other.hash, first.parent(ofStep: step) == second.parent(ofStep: step) {
                sameState = hashOne == hashOther
            } else {
                sameState = try first.state(at: step) == second.state(at: step)
            }
            if !sameState,
               let diff = StateDiff.between(try first.state(at: step), try second.state(at: step), from: step, to: step, renderer: renderer) {
                report.outcome = .statesDiffer(step: step, diff: diff)
                return report
            }
            step += 1
        }
        if first.lastStep != second.lastStep {
            let longer = first.lastStep > second.lastStep ? first : second
            report.outcome = .oneIsLonger(through: end, longer: longer.name, extraSteps: longer.lastStep - end)
        } else {
            report.outcome = .identical(through: end)
        }
        return report
    }
}
