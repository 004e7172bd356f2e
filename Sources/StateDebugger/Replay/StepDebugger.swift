import StateJSON
import StateJournal
import StateRecorder

/// Runs one recorded step's action through the app's current reducer, in the frame a debugger stops
/// in: what `statedbg debug FILE STEP` does.
///
/// The state before the step is rebuilt from the recording and decoded into the app's state type; the
/// step's action is decoded into its action type; the reducer is called through
/// `ReducerCallSite.callReducer(state:action:trap:reduce:)`, which raises SIGTRAP just before the call
/// when asked and a debugger is attached. The result is compared with the state the step recorded.
///
/// ```swift
/// let debugger = StepDebugger(source: try JournalSource(path: "bank.jsonl"), app: bankApp)
/// let run = try debugger.prepare(step: 7).run(trap: true)
/// run.matches      // true: today's reducer makes the recorded state
/// ```
package struct StepDebugger {
    /// The recording.
    package let source: any RecordingSource
    /// The app whose current reducer runs the step.
    package let app: any RegisteredApp

    /// A debugger of `source`'s steps through `app`'s reducer.
    package init(source: any RecordingSource, app: any RegisteredApp) {
        self.source = source
        self.app = app
    }

    /// The steps that have an action, `nil` when the recording has none.
    package var stepsWithActions: ClosedRange<Int>? {
        source.lastStep > source.baseStep ? (source.baseStep + 1)...source.lastStep : nil
    }

    /// Readies `step` to run: its action, read and checked to be one the reducer can run, and a
    /// replayer holding the state before it, decoded into the app's state type. Everything that can be
    /// wrong with the step is found here, before a debugger is told to expect a stop.
    ///
    /// - Throws: ``DebuggerError/noSuchStep(_:source:range:)`` for a step without an action;
    ///   ``DebuggerError/replayFailed(_:step:line:source:)`` for a step that cannot run (recorded without
    ///   `Codable`, a state replacement, a state or action that does not decode, an app whose replayer
    ///   cannot call its reducer in a frame of its own); ``DebuggerError/journal(_:)`` when the file
    ///   cannot be read.
    ///
    /// In a crash journal, the step after the last one is the action that was in flight when the app
    /// crashed (``RecordedCrash/InFlight``): it runs on the last recorded state, and has no recorded
    /// state to compare with.
    package func prepare(step: Int) throws(DebuggerError) -> PreparedStep {
        if step == source.lastStep + 1, let inFlight = try RecordedCrash.find(in: source)?.inFlight {
            return try prepare(step: step, action: inFlight.action, parent: source.lastStep, line: inFlight.line)
        }
        guard let range = stepsWithActions, range.contains(step) else {
            let inFlight = (try? RecordedCrash.find(in: source))?.inFlight
            let range = stepsWithActions.map { $0.lowerBound...(inFlight?.step ?? $0.upperBound) }
                ?? inFlight.map { $0.step...$0.step } ?? source.steps
            throw .noSuchStep(step, source: source.name, range: range)
        }
        return try prepare(step: step, action: try source.action(at: step), parent: source.parent(ofStep: step),
                           line: source.line(ofStep: step))
    }

    /// The action of the in-flight step of a crash journal, ready to run: `nil` when `source` records none.
    package func prepareInFlight() throws(DebuggerError) -> PreparedStep? {
        guard let inFlight = try RecordedCrash.find(in: source)?.inFlight else { return nil }
        return try prepare(step: inFlight.step, action: inFlight.action, parent: source.lastStep, line: inFlight.line)
    }

    /// Readies `action`, recorded for `step` on `line`, to run on the state of step `parent`.
    private func prepare(step: Int, action: JournalAction, parent: Int, line: Int?) throws(DebuggerError) -> PreparedStep {
        func failure(_ error: ReplayError) -> DebuggerError {
            if case .unknownActionType = error { return DebuggerError(replaying: error, step: step, in: source) }
            return .replayFailed(error, step: step, line: line, source: source.name)
        }
        switch action.replayMode {
        case .decode: break
        case .recordedState: throw failure(.replacesState)
        case .notReplayable: throw failure(.notReplayable(action.type))
        }
        let before = try source.state(at: parent)
        let replayer: any Replayer
        do {
            replayer = try app.makeReplayer(from: before)
        } catch {
            throw .replayFailed(error, step: parent, line: source.line(ofStep: parent), source: source.name)
        }
        guard let debuggable = replayer as? any DebuggableReplayer else {
            throw failure(.undecodableAction(action.type, detail: "the app \(app.id) replays through a Replayer of its own, which cannot call its reducer in the frame statedbg debug stops in; register it as a RecordableApp or an AppDefinition"))
        }
        let tagged: JournalAction
        do {
            // A Redux DevTools import's actions carry Redux types, described again by the app first.
            tagged = source.info.format == .reduxDevTools ? try replayer.normalize(action.payload) : action
        } catch {
            throw failure(error)
        }
        return PreparedStep(source: source, step: step, parent: parent, action: action, tagged: tagged, before: before,
                            replayer: debuggable, line: line)
    }
}

/// A step ready to run through the reducer: made by ``StepDebugger/prepare(step:)``.
package struct PreparedStep {
    fileprivate let source: any RecordingSource
    /// The step.
    package let step: Int
    fileprivate let parent: Int
    /// The step's recorded action.
    package let action: JournalAction
    /// The action as the app tags it.
    fileprivate let tagged: JournalAction
    fileprivate let before: JSONValue
    fileprivate let replayer: any DebuggableReplayer
    /// The 1-based line the action was read from, for messages.
    package let line: Int?

    /// Whether this is the action a crash journal records in flight: the step after its last, which
    /// never completed.
    package var isInFlight: Bool { step > source.lastStep }

    /// The recorded state the action runs on.
    package var stateBefore: JSONValue { before }

    /// Runs the action through the reducer, once.
    ///
    /// - Parameter trap: Whether to raise SIGTRAP just before the reducer runs, when a debugger is attached.
    /// - Throws: ``DebuggerError/replayFailed(_:step:line:source:)`` when the action does not decode or
    ///   the new state cannot be encoded.
    package func run(trap: Bool) throws(DebuggerError) -> DebuggedStep {
        let outcome: ReplayOutcome
        do {
            outcome = try replayer.applyInDebugger(tagged, trap: trap)
        } catch {
            if case .unknownActionType = error { throw DebuggerError(replaying: error, step: step, in: source) }
            throw .replayFailed(error, step: step, line: line, source: source.name)
        }
        // Not a conditional expression: its `nil` would be the JSON value null (JSONValue is
        // ExpressibleByNilLiteral), which is a recorded state.
        var recorded: JSONValue?
        if !isInFlight, source.hasState(at: step) { recorded = try source.state(at: step) }
        return DebuggedStep(step: step, parent: parent, action: action, before: before, after: replayer.state,
                            recorded: recorded, outcome: outcome, isInFlight: isInFlight)
    }
}

/// What running one step under ``StepDebugger`` gave.
package struct DebuggedStep: Sendable {
    /// The step run.
    package var step: Int
    /// The step whose state the action ran on.
    package var parent: Int
    /// The step's recorded action.
    package var action: JournalAction
    /// The recorded state before the step.
    package var before: JSONValue
    /// The state the current reducer made (the state before, when a validator rejected the action).
    package var after: JSONValue
    /// The state the step recorded; `nil` when the recording holds none (a Redux DevTools Export file).
    package var recorded: JSONValue?
    /// Whether the validators accepted the reducer's result.
    package var outcome: ReplayOutcome
    /// Whether the step is a crash journal's action in flight, which the recording never completed.
    package var isInFlight = false

    /// Whether the current reducer made the recorded state (`true` when there is none to compare).
    package var matches: Bool {
        guard case .applied = outcome else { return false }
        return recorded.map { $0 == after } ?? true
    }
}
