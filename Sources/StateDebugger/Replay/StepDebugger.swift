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
    package func prepare(step: Int) throws(DebuggerError) -> PreparedStep {
        guard let range = stepsWithActions, range.contains(step) else {
            throw .noSuchStep(step, source: source.name, range: stepsWithActions ?? source.steps)
        }
        let action = try source.action(at: step)
        switch action.replayMode {
        case .decode: break
        case .recordedState: throw DebuggerError(replaying: .replacesState, step: step, in: source)
        case .notReplayable: throw DebuggerError(replaying: .notReplayable(action.type), step: step, in: source)
        }
        let parent = source.parent(ofStep: step)
        let before = try source.state(at: parent)
        let replayer: any Replayer
        do {
            replayer = try app.makeReplayer(from: before)
        } catch {
            throw .replayFailed(error, step: parent, line: source.line(ofStep: parent), source: source.name)
        }
        guard let debuggable = replayer as? any DebuggableReplayer else {
            throw .replayFailed(.undecodableAction(action.type, detail: "the app \(app.id) replays through a Replayer of its own, which cannot call its reducer in the frame statedbg debug stops in; register it as a RecordableApp or an AppDefinition"),
                                step: step, line: source.line(ofStep: step), source: source.name)
        }
        let tagged: JournalAction
        do {
            // A Redux DevTools import's actions carry Redux types, described again by the app first.
            tagged = source.info.format == .reduxDevTools ? try replayer.normalize(action.payload) : action
        } catch {
            throw DebuggerError(replaying: error, step: step, in: source)
        }
        return PreparedStep(source: source, step: step, parent: parent, action: action, tagged: tagged, before: before,
                            replayer: debuggable)
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
            throw DebuggerError(replaying: error, step: step, in: source)
        }
        let recorded = source.hasState(at: step) ? try source.state(at: step) : nil
        return DebuggedStep(step: step, parent: parent, action: action, before: before, after: replayer.state,
                            recorded: recorded, outcome: outcome)
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

    /// Whether the current reducer made the recorded state (`true` when there is none to compare).
    package var matches: Bool {
        guard case .applied = outcome else { return false }
        return recorded.map { $0 == after } ?? true
    }
}
