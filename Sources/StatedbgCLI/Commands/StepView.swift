import StateDebugger
import StateJSON
import StateJournal

/// One step of a timeline as `bisect` and the REPL show it: header, the diff the step made, its events.
///
/// ```swift
/// let view = StepView(timeline: session.timeline, printer: StepPrinter(colour: false))
/// print(try view.render(step: 3))
/// ```
/// ```text
/// step 3  counter.add(2)
///     {
///   -   "count": 1,
///   +   "count": 3,
///       "notes": []
///     }
/// ```
struct StepView {
    let timeline: Timeline
    let printer: StepPrinter

    init(timeline: Timeline, printer: StepPrinter) {
        self.timeline = timeline
        self.printer = printer
    }

    /// A view of a recording without branches.
    init(source: any RecordingSource, printer: StepPrinter) {
        self.init(timeline: Timeline(source: source), printer: printer)
    }

    /// The header, the diff from the state the step's action was applied to, and the events after it.
    func render(step: Int) throws(CommandFailure) -> String {
        let timeline = self.timeline
        if step == timeline.firstStep {
            return printer.header(step: step, action: nil) + events(after: step)
        }
        let action = try CommandFailure.translating { () throws(DebuggerError) in try timeline.action(at: step) }
        if isRecorded(step), !timeline.source.hasState(at: step) {
            // A Redux DevTools Export file: the action is there, its state was not exported.
            return printer.header(step: step, action: action) + "\n    (its state was not exported)" + events(after: step)
        }
        let parent = isRecorded(step) ? timeline.source.parent(ofStep: step) : step - 1
        let old = try CommandFailure.translating { () throws(DebuggerError) in try timeline.state(at: parent) }
        let new = try CommandFailure.translating { () throws(DebuggerError) in try timeline.state(at: step) }
        return printer.header(step: step, action: action) + "\n" + printer.diff(from: old, to: new) + events(after: step)
    }

    /// Whether the cursor's branch reads `step` from the recording rather than from memory: following
    /// the branches it forked from while the step is before their fork leads back to the recording.
    private func isRecorded(_ step: Int) -> Bool {
        var branch = timeline.currentBranch
        while step <= branch.forkStep, let parent = branch.parent, let next = timeline.branch(named: parent) {
            branch = next
        }
        return branch.parent == nil && step <= branch.forkStep
    }

    private func events(after step: Int) -> String {
        guard isRecorded(step) else { return "" }
        return timeline.source.events.filter { $0.event.after == step }.map { "\n" + printer.event($0.event) }.joined()
    }
}
