import StateJSON
import StateJournal

/// One branch of a ``Timeline`` as a ``RecordingSource``, so that queries, replay and minimize work on
/// the steps dispatched in a session as well as on the recording.
///
/// Recorded steps are read from the recording; steps made in this session come from memory.
///
/// ```swift
/// let branch = session.timeline.source(forBranch: "branch-1")
/// try RecordingQuery(source: branch).changes(of: JSONPath(parsing: ".count"))
/// ```
package final class BranchSource: RecordingSource {
    /// The timeline the branch belongs to.
    package let timeline: Timeline
    /// The branch's name.
    package let branch: String

    init(timeline: Timeline, branch: String) {
        self.timeline = timeline
        self.branch = branch
    }

    /// `recording.jsonl (branch-1)`, or the recording's name for `main`.
    package var name: String {
        branch == Timeline.mainBranch ? timeline.source.name : "\(timeline.source.name) (\(branch))"
    }

    package var info: RecordingInfo { timeline.source.info }
    package var baseStep: Int { timeline.source.baseStep }
    package var lastStep: Int { timeline.branch(named: branch)?.lastStep ?? baseStep }
    package var events: [LocatedEvent] { timeline.source.events }

    package func state(at step: Int) throws(DebuggerError) -> JSONValue {
        try timeline.state(at: step, branch: branch)
    }

    package func record(at step: Int) throws(DebuggerError) -> StepRecord {
        if let memory = try timeline.memoryStep(step, branch: branch) {
            return StepRecord(action: memory.action, hash: memory.hash, changedPointers: nil, time: memory.time)
        }
        return try timeline.source.record(at: step)
    }

    package func actionAndHash(at step: Int) throws(DebuggerError) -> (action: JournalAction, hash: UInt64?) {
        if let memory = try timeline.memoryStep(step, branch: branch) { return (memory.action, memory.hash) }
        return try timeline.source.actionAndHash(at: step)
    }

    package func forEachActionAndHash(_ steps: ClosedRange<Int>,
                                     _ body: (Int, JournalAction, UInt64?) throws(DebuggerError) -> Bool) throws(DebuggerError) {
        try checkStep(steps.lowerBound, allowBase: false)
        try checkStep(steps.upperBound, allowBase: false)
        let recordedEnd = min(steps.upperBound, try timeline.recordedEnd(ofBranch: branch))
        var stopped = false
        if steps.lowerBound <= recordedEnd {
            try timeline.source.forEachActionAndHash(steps.lowerBound...recordedEnd) { (step, action, hash) throws(DebuggerError) -> Bool in
                let more = try body(step, action, hash)
                stopped = !more
                return more
            }
        }
        guard !stopped, recordedEnd < steps.upperBound else { return }
        for step in max(steps.lowerBound, recordedEnd + 1)...steps.upperBound {
            let (action, hash) = try actionAndHash(at: step)
            if try !body(step, action, hash) { return }
        }
    }

    package func line(ofStep step: Int) -> Int? {
        guard let end = try? timeline.recordedEnd(ofBranch: branch), step <= end else { return nil }
        return timeline.source.line(ofStep: step)
    }

    package func parent(ofStep step: Int) -> Int {
        guard let end = try? timeline.recordedEnd(ofBranch: branch), step <= end else { return step - 1 }
        return timeline.source.parent(ofStep: step)
    }
}
