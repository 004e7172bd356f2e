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
/// let report = try session.dispatch(["increment": [:]])   // starts branch-1 at step 6
/// try session.save(to: "fixed.jsonl")
/// ```
///
/// Not thread-safe.
package final class Session {
    /// The cursor, history and branches.
    package let timeline: Timeline
    /// The app whose reducer runs dispatched actions; `nil` in snapshot mode.
    package let app: (any RegisteredApp)?
    private let clock: @Sendable () -> Int64
    private let registeredIDs: [String]

    /// A session over `source`, in reducer mode when `registry` has the recording's app.
    package convenience init(source: any RecordingSource, registry: AppRegistry = AppRegistry(),
                            clock: @escaping @Sendable () -> Int64 = RecordingClock.wall) {
        self.init(source: source, app: registry.app(for: source.info.app), clock: clock, registeredIDs: registry.ids)
    }

    /// Opens the recording at `path` (a journal or a Redux DevTools export; see ``RecordingLoader``).
    package convenience init(path: String, registry: AppRegistry = AppRegistry(),
                            clock: @escaping @Sendable () -> Int64 = RecordingClock.wall) throws(DebuggerError) {
        self.init(source: try RecordingLoader.open(path: path), registry: registry, clock: clock)
    }

    /// A session over `source` with an explicit app (or none).
    package convenience init(source: any RecordingSource, app: (any RegisteredApp)?,
                clock: @escaping @Sendable () -> Int64 = RecordingClock.wall) {
        self.init(source: source, app: app, clock: clock, registeredIDs: app.map { [$0.id] } ?? [])
    }

    private init(source: any RecordingSource, app: (any RegisteredApp)?, clock: @escaping @Sendable () -> Int64,
                 registeredIDs: [String]) {
        timeline = Timeline(source: source)
        self.app = app
        self.clock = clock
        self.registeredIDs = registeredIDs
    }

    /// The recording.
    package var source: any RecordingSource { timeline.source }

    /// Whether actions can be dispatched and replayed.
    package var isReducerMode: Bool { app != nil }

    /// The app, or ``DebuggerError/noApp(_:known:)`` in snapshot mode.
    package func requireApp() throws(DebuggerError) -> any RegisteredApp {
        guard let app else { throw .noApp(source.info.app, known: registeredIDs) }
        return app
    }

    /// Runs a new action at the cursor through the app's reducer and validators.
    ///
    /// The payload is decoded and described again by the current code, so its type and label are
    /// what the app would record. An applied action makes a new step after the cursor (see
    /// ``Timeline/append(_:newBranchName:)``) and moves there; a rejected one changes nothing.
    ///
    /// - Parameter payload: The action as its `Encodable` conformance writes it, e.g. `{"add":{"_0":5}}`.
    @discardableResult
    package func dispatch(_ payload: JSONValue, newBranchName: String? = nil) throws(DebuggerError) -> DispatchReport {
        let app = try requireApp()
        let step = timeline.step
        let before = try timeline.currentState()
        let replayer: any Replayer
        let action: JournalAction
        let outcome: ReplayOutcome
        do {
            replayer = try app.makeReplayer(from: before)
        } catch {
            throw .replayFailed(error, step: step, line: nil, source: source.name)
        }
        do {
            action = try replayer.normalize(payload)
        } catch {
            throw .badAction(error)
        }
        do {
            outcome = try replayer.apply(action)
        } catch {
            throw .replayFailed(error, step: step + 1, line: nil, source: source.name)
        }
        switch outcome {
        case .rejected(let rejection):
            return DispatchReport(action: action, outcome: .rejected(rejection), diff: nil)
        case .applied:
            let memory = MemoryStep(action: action, state: replayer.state, hash: fingerprint(replayer), time: clock())
            let result = try timeline.append(memory, newBranchName: newBranchName)
            let diff = StateDiff.between(before, replayer.state, from: step, to: step + 1)
            return DispatchReport(action: action, outcome: .applied(result.position, createdBranch: result.createdBranch), diff: diff)
        }
    }

    /// The fingerprint of the replayer's state as the recording's own steps are fingerprinted.
    private func fingerprint(_ replayer: any Replayer) -> UInt64 {
        let scheme = source.info.header.fingerprintScheme
        return scheme == JournalFormat.fingerprintScheme ? replayer.fingerprint : StateFingerprint.of(replayer.state, scheme: scheme)
    }

    /// Makes `state` the next step without running the reducer (a `statedbg.replaceState` step).
    @discardableResult
    package func replaceState(with state: JSONValue, newBranchName: String? = nil) throws(DebuggerError) -> TimelinePosition {
        let memory = MemoryStep(action: ReplaceStateAction.make(state), state: state,
                                hash: StateFingerprint.of(state, scheme: source.info.header.fingerprintScheme), time: clock())
        return try timeline.append(memory, newBranchName: newBranchName).position
    }

    /// Writes the current branch, from the initial state to its last step, as a new journal.
    ///
    /// The header is the recording's (app, schema, initial state); recorded steps keep their times.
    ///
    /// - Parameter force: Replace an existing file; without it an existing file is
    ///   ``DebuggerError/fileExists(path:)``.
    @discardableResult
    package func save(to path: String, force: Bool = false) throws(DebuggerError) -> SaveReport {
        let branch = timeline.currentBranch
        let base = timeline.firstStep
        var header = source.info.header
        header.tool = JournalFormat.tool
        // Every hash is computed again as the file is written, so it takes today's version.
        header.version = JournalFormat.currentVersion
        header.previousFile = nil
        header.firstStep = base + 1
        header.initialState = try timeline.state(at: base, branch: branch.name)
        let count = branch.lastStep - base
        let view = timeline.source(forBranch: branch.name)
        try JournalExport(path: path, force: force, header: header, inputs: [source.name]).write(count: count) { (index) throws(DebuggerError) in
            let step = base + 1 + index
            let record = try view.record(at: step)
            let parent = view.parent(ofStep: step)
            return JournalExport.Entry(action: record.action, state: try view.state(at: step), time: record.time,
                                       parent: parent == step - 1 ? nil : parent)
        }
        return SaveReport(path: path, branch: branch.name, steps: count)
    }
}
