import StateJSON
import StateJournal
import StateRecorder

/// A debugging session: a ``Timeline`` over a recording plus, in reducer mode, the app whose reducer
/// can run new actions.
///
/// Without an app (snapshot mode) the session can move, diff and query. With one (reducer mode) it
/// can also dispatch new actions at the cursor, which makes new steps in memory, and save the
/// current branch as a journal. Dispatching in the past keeps the old future on its branch and starts
/// a new branch, so nothing is ever lost; ``Timeline/checkout(_:)`` goes back to it.
///
/// ```swift
/// let source = try RecordingLoader.open(path: "counter.jsonl")
/// let session = Session(source: source, registry: AppRegistry([counterApp]))
/// try session.timeline.jump(to: 5)
/// let report = try session.dispatch("increment")     // starts branch-1 at step 6
/// try session.save(to: "fixed.jsonl")
/// ```
///
/// Not thread-safe.
public final class Session {
    /// The cursor, history and branches.
    public let timeline: Timeline
    /// The app whose reducer runs dispatched actions; `nil` in snapshot mode.
    public let app: (any RegisteredApp)?
    private let clock: @Sendable () -> Int64

    /// A session over `source`, in reducer mode when `registry` has the recording's app.
    public convenience init(source: any RecordingSource, registry: AppRegistry = AppRegistry(),
                            clock: @escaping @Sendable () -> Int64 = RecordingClock.wall) {
        self.init(source: source, app: registry.app(for: source.info.app), clock: clock)
    }

    /// A session over `source` with an explicit app (or none).
    public init(source: any RecordingSource, app: (any RegisteredApp)?,
                clock: @escaping @Sendable () -> Int64 = RecordingClock.wall) {
        timeline = Timeline(source: source)
        self.app = app
        self.clock = clock
    }

    /// The recording.
    public var source: any RecordingSource { timeline.source }

    /// Whether actions can be dispatched and replayed.
    public var isReducerMode: Bool { app != nil }

    /// The app, or ``DebuggerError/noApp(_:known:)`` in snapshot mode.
    public func requireApp() throws(DebuggerError) -> any RegisteredApp {
        guard let app else { throw .noApp(source.info.app, known: []) }
        return app
    }

    /// Runs a new action at the cursor through the app's reducer and validators.
    ///
    /// The payload is decoded and described again by the current code, so its type and label are
    /// what the app would record. An applied action makes a new step after the cursor (see
    /// ``Timeline/append(_:newBranchName:)``) and moves there; a rejected one changes nothing.
    ///
    /// - Parameter payload: The action as its `Encodable` conformance writes it, e.g. `{"add":{"_0":5}}`.
    public func dispatch(_ payload: JSONValue, newBranchName: String? = nil) throws(DebuggerError) -> DispatchReport {
        let app = try requireApp()
        let step = timeline.step
        let before = try timeline.currentState()
        let replayer: any Replayer
        let action: JournalAction
        let outcome: ReplayOutcome
        do {
            replayer = try app.makeReplayer(from: before)
            action = try replayer.normalize(payload)
            outcome = try replayer.apply(action)
        } catch {
            throw .replayFailed(error, step: step + 1, line: nil, source: source.name)
        }
        switch outcome {
        case .rejected(let rejection):
            return DispatchReport(action: action, outcome: .rejected(rejection), diff: nil)
        case .applied:
            let memory = MemoryStep(action: action, state: replayer.state, hash: replayer.fingerprint, time: clock())
            let result = try timeline.append(memory, newBranchName: newBranchName)
            let diff = StateDiff.between(before, replayer.state, from: step, to: step + 1)
            return DispatchReport(action: action, outcome: .applied(result.position, createdBranch: result.createdBranch), diff: diff)
        }
    }

    /// Makes `state` the next step without running the reducer (a `statedbg.replaceState` step).
    @discardableResult
    public func replaceState(with state: JSONValue, newBranchName: String? = nil) throws(DebuggerError) -> TimelinePosition {
        let memory = MemoryStep(action: ReplaceStateAction.make(state), state: state,
                                hash: StateFingerprint.of(state), time: clock())
        return try timeline.append(memory, newBranchName: newBranchName).position
    }

    /// Writes the current branch, from the initial state to its last step, as a new journal.
    ///
    /// The header is the recording's (app, schema, initial state); recorded steps keep their times.
    ///
    /// - Parameter force: Replace an existing file; without it an existing file is
    ///   ``DebuggerError/fileExists(path:)``.
    @discardableResult
    public func save(to path: String, force: Bool = false) throws(DebuggerError) -> SaveReport {
        let branch = timeline.currentBranch
        let base = timeline.firstStep
        var header = source.info.header
        header.tool = JournalFormat.tool
        header.previousFile = nil
        header.firstStep = base + 1
        header.initialState = try timeline.state(at: base, branch: branch.name)
        let count = branch.lastStep - base
        let recordedEnd = source.lastStep
        let timeline = self.timeline
        let source = self.source
        try JournalExport(path: path, force: force, header: header).write(count: count) { (index) throws(DebuggerError) in
            let step = base + 1 + index
            let state = try timeline.state(at: step, branch: branch.name)
            let action = try timeline.action(at: step, branch: branch.name)
            if step <= recordedEnd, Self.isRecorded(step, on: branch, in: timeline) {
                let parent = source.parent(ofStep: step)
                return JournalExport.Entry(action: action, state: state, time: try source.record(at: step).time,
                                           parent: parent == step - 1 ? nil : parent)
            }
            return JournalExport.Entry(action: action, state: state, time: Self.memoryTime(step, on: branch, in: timeline), parent: nil)
        }
        return SaveReport(path: path, branch: branch.name, steps: count)
    }

    /// Whether `step` of `branch` comes from the recording rather than from memory.
    private static func isRecorded(_ step: Int, on branch: Branch, in timeline: Timeline) -> Bool {
        var current = branch
        while true {
            if step > current.forkStep { return false }
            guard let parent = current.parent, let next = timeline.branch(named: parent) else { return true }
            current = next
        }
    }

    private static func memoryTime(_ step: Int, on branch: Branch, in timeline: Timeline) -> Int64 {
        var current = branch
        while step <= current.forkStep, let parent = current.parent, let next = timeline.branch(named: parent) {
            current = next
        }
        let index = step - current.forkStep - 1
        return current.newSteps.indices.contains(index) ? current.newSteps[index].time : 0
    }
}
