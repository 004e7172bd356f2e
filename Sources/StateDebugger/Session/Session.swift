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

    /// Which of dispatch, verify, skip, minimize and in-app travel work for this recording, and why not
    /// where they do not (read from every step's action: call it when the answer is shown).
    ///
    /// - Parameter appTravels: For `statedbg attach`, whether the app's recorder can set its state;
    ///   `nil` for a recording on file.
    package func abilities(appTravels: Bool? = nil) -> RecordingAbilities {
        RecordingAbilities(source: source, app: app, coverage: try? ReplayCoverage.survey(source), appTravels: appTravels)
    }

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
        let (replayer, before) = try replayerAtCursor()
        let action: JournalAction
        do {
            action = try replayer.normalize(payload)
        } catch {
            throw .badAction(error)
        }
        return try run(action, on: replayer, from: before, newBranchName: newBranchName)
    }

    /// Runs an action written as `statedbg log` prints it (`users.addUser(name: "Eve", age: -5)`) at the
    /// cursor, as ``dispatch(_:newBranchName:)`` runs a payload.
    ///
    /// The label is read into the JSON its action's `Codable` conformance reads, with the schemas of the
    /// app and of the recording as the guide (``StateRecorder/ActionLabel/payloadCandidates(shapes:)``);
    /// each candidate is decoded under the label's tag, and the one whose whole label is the one given
    /// wins. A tag may be shortened to a unique last part of a known one (`addUser`).
    @discardableResult
    package func dispatch(label: ActionLabel, newBranchName: String? = nil) throws(DebuggerError) -> DispatchReport {
        let app = try requireApp()
        let (replayer, before) = try replayerAtCursor()
        var shapes = AppSchema(jsonValue: source.info.schema)?.actions ?? [:]
        shapes.merge(app.schema.actions) { _, current in current }
        var label = label
        if shapes[label.tag] == nil {
            let longer = shapes.keys.filter { $0.hasSuffix("." + label.tag) }
            if longer.count == 1 { label.tag = longer[0] }
        }
        var firstError: ReplayError?
        var decoded: [JournalAction] = []
        for candidate in label.payloadCandidates(shapes: shapes) {
            do {
                let action = try replayer.describe(JournalAction(type: label.tag, label: label.tag, payload: candidate))
                if !decoded.contains(action) { decoded.append(action) }
            } catch {
                firstError = firstError ?? error
            }
        }
        // The candidate that reads back as the label given; otherwise the only one that decodes.
        let exact = decoded.filter { (try? ActionLabel(parsing: $0.label)) == label }
        guard let action = exact.first ?? (decoded.count == 1 ? decoded.first : nil) else {
            if decoded.count > 1 { throw .badAction(.ambiguousPayload(candidates: decoded.map(\.label))) }
            throw .badAction(firstError ?? .undecodableAction(label.tag, detail: "the label does not decode as an action of the app"))
        }
        return try run(action, on: replayer, from: before, newBranchName: newBranchName)
    }

    /// Runs one of the recording's actions again at the cursor, as a replay does: decoded by its tag
    /// when it can be (``StateJournal/JournalAction/ReplayMode/decode``), and otherwise (an action
    /// recorded without `Codable`, a state replacement) by taking what the recording holds for its step,
    /// which the report says (``DispatchReport/Outcome/takenAsRecorded(_:createdBranch:)``).
    ///
    /// - Parameter recorded: The state the recording holds for the action's step, given the state at
    ///   the cursor (see ``RecordedChanges``); called only for a step no replay can run.
    @discardableResult
    package func replay(_ action: JournalAction, recorded: (JSONValue) throws(DebuggerError) -> JSONValue,
                        newBranchName: String? = nil) throws(DebuggerError) -> DispatchReport {
        guard action.replayMode == .decode else {
            let before = try timeline.currentState()
            let state = try recorded(before)
            let memory = MemoryStep(action: action, state: state,
                                    hash: StateFingerprint.of(state, scheme: source.info.header.fingerprintScheme), time: clock())
            let result = try timeline.append(memory, newBranchName: newBranchName)
            return DispatchReport(action: action, outcome: .takenAsRecorded(result.position, createdBranch: result.createdBranch),
                                  diff: StateDiff.between(before, state, from: result.position.step - 1, to: result.position.step))
        }
        let (replayer, before) = try replayerAtCursor()
        let normalized: JournalAction
        do {
            // A journal's action carries the app's tag; an import's is described again by the app.
            normalized = source.info.format == .journal ? try replayer.describe(action) : try replayer.normalize(action.payload)
        } catch {
            throw .replayFailed(error, step: timeline.step + 1, line: nil, source: source.name)
        }
        return try run(normalized, on: replayer, from: before, newBranchName: newBranchName)
    }

    /// A replayer at the cursor's state, and that state.
    private func replayerAtCursor() throws(DebuggerError) -> (any Replayer, JSONValue) {
        let app = try requireApp()
        let before = try timeline.currentState()
        do {
            return (try app.makeReplayer(from: before), before)
        } catch {
            throw .replayFailed(error, step: timeline.step, line: nil, source: source.name)
        }
    }

    /// Applies `action`, which `replayer` described, and appends the step it makes.
    private func run(_ action: JournalAction, on replayer: any Replayer, from before: JSONValue,
                     newBranchName: String?) throws(DebuggerError) -> DispatchReport {
        let step = timeline.step
        let outcome: ReplayOutcome
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

    /// Makes `state` the next step without running the reducer: a state replacement
    /// (`JournalAction.stateReplacement(payload:)`), whose payload is the state.
    @discardableResult
    package func replaceState(with state: JSONValue, newBranchName: String? = nil) throws(DebuggerError) -> TimelinePosition {
        let memory = MemoryStep(action: .stateReplacement(payload: state), state: state,
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
