import StateJSON
import StateJournal
import StateQuery

/// Searches a recording: where a value changed, when a condition first held, which steps did what.
///
/// Works on any ``RecordingSource`` in snapshot mode; it never runs a reducer.
///
/// ```swift
/// let query = RecordingQuery(source: try RecordingLoader.open(path: "bank.jsonl"))
/// try query.changes(of: JSONPath(parsing: ".accounts.jenny"))
/// try query.bisect(StatePredicate(parsing: ".accounts.jenny < 0"))
/// query.find(ActionPattern("bank.pay"))
/// ```
public struct RecordingQuery {
    /// The recording searched.
    public let source: any RecordingSource

    /// A query over `source`.
    public init(source: any RecordingSource) {
        self.source = source
    }

    /// The steps at which the values `path` selects changed, with their old and new values.
    ///
    /// A step whose patch touches nothing the path could select is passed over without rebuilding
    /// its state.
    ///
    /// - Parameters:
    ///   - range: The steps to search (default: every step after the base step); the state before the
    ///     first is the baseline.
    ///   - isCancelled: Polled every 1,024 steps; the report then holds the changes found so far.
    ///   - found: Called with each change as soon as it is found, so a caller can show results of a
    ///     long search before it ends.
    public func changes(of path: JSONPath, in range: ClosedRange<Int>? = nil,
                        isCancelled: () -> Bool = { false },
                        found: (ValueChange) -> Void = { _ in }) throws(DebuggerError) -> ChangesReport {
        let steps = try clamp(range)
        var report = ChangesReport(path: path, steps: steps, changes: [], statesRead: 0, stepsSkipped: 0, cancelled: false)
        guard !steps.isEmpty else { return report }
        let dependency = path.dependency
        var previousStep = steps.lowerBound - 1
        var previous = Self.matches(path, in: try source.state(at: previousStep))
        report.statesRead += 1
        for step in steps {
            if step & 1023 == 0, isCancelled() {
                report.cancelled = true
                return report
            }
            report.lastStepSearched = step
            let parent = source.parent(ofStep: step)
            if parent != previousStep {
                previous = Self.matches(path, in: try source.state(at: parent))
                report.statesRead += 1
            }
            previousStep = step
            let record = try source.record(at: step)
            if let pointers = record.changedPointers,
               !dependency.isTouched(changed: pointers, resized: record.resizedContainers) {
                report.stepsSkipped += 1
                continue
            }
            let current = Self.matches(path, in: try source.state(at: step))
            report.statesRead += 1
            if current != previous {
                let change = ValueChange(step: step, action: record.action, old: previous, new: current)
                report.changes.append(change)
                report.changeCount += 1
                found(change)
                previous = current
            }
        }
        // Nothing selected and nothing changed: a mistyped path, unless it selects something elsewhere.
        if report.changes.isEmpty, previous.isEmpty { try source.requirePathExists(path) }
        return report
    }

    /// The first step at which `predicate` holds.
    ///
    /// A predicate of the state alone that holds at the last step is bisected: a binary search finds
    /// the first step in O(log n) states, assuming the predicate stays true once it holds (as for "the
    /// balance went negative and stayed so"); the report says so. Otherwise the steps are scanned from
    /// the first: when `linear` is set, when the predicate does not hold at the last step, and when it
    /// reads the action or the step number, which can hold at one step and not at the next.
    public func bisect(_ predicate: StatePredicate, linear: Bool = false,
                       isCancelled: () -> Bool = { false }) throws(DebuggerError) -> BisectReport {
        let steps = source.steps
        let scan = BisectReport.Method.linearScan(for: predicate, asked: linear)
        var report = BisectReport(predicate: predicate.source, step: nil, action: nil,
                                  method: scan ?? .binarySearch, statesRead: 0, steps: steps, cancelled: false)
        var found: Int?
        if scan == nil, try holds(predicate, at: steps.upperBound, report: &report) {
            var low = steps.lowerBound - 1      // holds nowhere at or before: the virtual step before the base
            var high = steps.upperBound         // known to hold
            while high - low > 1 {
                if isCancelled() {
                    report.cancelled = true
                    return report
                }
                let middle = low + (high - low) / 2
                if try holds(predicate, at: middle, report: &report) { high = middle } else { low = middle }
            }
            found = high
        } else {
            // After a binary search's first probe the last step is known not to hold.
            if scan == nil { report.method = .linearScan }
            let end = scan == nil ? steps.upperBound - 1 : steps.upperBound
            var step = steps.lowerBound
            while step <= end {
                if step & 1023 == 0, isCancelled() {
                    report.cancelled = true
                    return report
                }
                if try holds(predicate, at: step, report: &report) {
                    found = step
                    break
                }
                step += 1
            }
        }
        report.step = found
        if found == nil { try source.requirePathsExist(of: predicate) }
        if let found, found != source.baseStep {
            report.action = try source.action(at: found)
        }
        return report
    }

    /// The steps whose action matches `pattern` (a type glob, or text in the type or label).
    public func find(_ pattern: ActionPattern, in range: ClosedRange<Int>? = nil) throws(DebuggerError) -> [StepSummary] {
        try summaries(in: range) { pattern.matches($0) }
    }

    /// The steps in `range` (default: all), optionally only those whose type matches `typePattern`.
    public func log(_ range: ClosedRange<Int>? = nil, typePattern: ActionPattern? = nil) throws(DebuggerError) -> [StepSummary] {
        try summaries(in: range) { typePattern?.matchesType($0.type) ?? true }
    }

    private func summaries(in range: ClosedRange<Int>?, where include: (JournalAction) -> Bool) throws(DebuggerError) -> [StepSummary] {
        var result: [StepSummary] = []
        let journal = source as? JournalSource
        for step in try clamp(range) {
            // A damaged line is left out of the list; opening the journal warned about it.
            if journal?.reader.damagedLine(ofStep: step) != nil { continue }
            let record = try source.record(at: step)
            if include(record.action) {
                result.append(StepSummary(step: step, line: source.line(ofStep: step), action: record.action, time: record.time))
            }
        }
        return result
    }

    private func holds(_ predicate: StatePredicate, at step: Int, report: inout BisectReport) throws(DebuggerError) -> Bool {
        let state = try source.state(at: step)
        report.statesRead += 1
        return predicate.evaluate(state: state, action: try source.actionJSON(at: step), step: step)
    }

    /// The steps with actions within `range`, checked against the recording; empty when it has none.
    private func clamp(_ range: ClosedRange<Int>?) throws(DebuggerError) -> Range<Int> {
        guard let range else { return (source.baseStep + 1)..<(source.lastStep + 1) }
        try source.checkStep(range.lowerBound, allowBase: false)
        try source.checkStep(range.upperBound, allowBase: false)
        return range.lowerBound..<(range.upperBound + 1)
    }

    private static func matches(_ path: JSONPath, in state: JSONValue) -> [ValueChange.Match] {
        path.evaluate(on: state).map { ValueChange.Match(pointer: $0.pointer, value: $0.value) }
    }
}
