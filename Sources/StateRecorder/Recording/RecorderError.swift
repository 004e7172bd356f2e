import StateJSON
import StateLive

/// Why a recording store could not do what was asked.
public enum RecorderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// ``RecordingStore/redo(_:)`` with nothing undone since the last dispatch.
    case nothingToRedo
    /// A jump to a step that was never recorded.
    case noSuchStep(Int, last: Int)
    /// A jump to a step that lives in an earlier file of a rolled-over journal.
    case stepInEarlierFile(Int, file: String)
    /// A recorded state no longer decodes as the app's state type.
    case undecodableState(step: Int, detail: String)
    /// Undo, redo or a jump on a recorder that was given no way to set the app's state.
    case timeTravelUnavailable
    /// A travel to a step no longer in memory, whose state cannot be read back because the state type
    /// is not `Decodable`.
    case travelNeedsDecodableState(step: Int, stateType: String)
    /// A travel to a step no longer in memory, whose state cannot be read back because the journal
    /// holds it with the values ``RecorderOptions/redaction`` replaced.
    case travelNeedsUnredactedState(step: Int)
    /// The journal stopped earlier (full disk, unencodable state); the message says why.
    case journalStopped(String)
    /// A travel dispatched its ``TravelAction`` through the app's store, and no
    /// `travelling(_:)` reducer applied it while the store dispatched it.
    case travelNotApplied(step: Int)
    /// The app's executor (its main thread) did not start the app's function for an undo, redo or jump
    /// within ``RecorderOptions/appExecutorTimeout``, so the function never ran.
    case appDidNotRun(String, timeout: Duration)
    /// A call that only a flight recorder answers (``Recorder/dump(to:)``,
    /// ``Recorder/installCrashHandlers()``) on a recorder without ``RecorderOptions/flight``.
    case notAFlightRecorder(String)
    /// The crash journal's handlers could not be installed: `reason` says why.
    case crashHandlersNotInstalled(reason: String)

    /// The error as a sentence saying what went wrong and, where there is one, what to do.
    public var description: String {
        switch self {
        case .notAFlightRecorder(let call):
            "\(call) needs a flight recorder; set RecorderOptions.flight (.lastSteps or .lastBytes) when making the recorder."
        case .crashHandlersNotInstalled(let reason):
            "The flight recorder's crash handlers were not installed: \(reason.withoutFinalPeriod)."
        case .nothingToRedo:
            "There is nothing to redo: no undo since the last dispatch."
        case .noSuchStep(let step, let last):
            "There is no step \(step); the recording has steps 0 to \(last)."
        case .stepInEarlierFile(let step, let file):
            "Step \(step) is in an earlier file than \(file), which this recorder rolled over from; open that file with statedbg."
        case .undecodableState(let step, let detail):
            "The recorded state of step \(step) does not decode: \(detail.withoutFinalPeriod)."
        case .timeTravelUnavailable:
            "This recorder cannot set the app's state, so it offers no undo, redo or jump; pass setState: to the Recorder, or call recorder.travels(settingState:) or recorder.travels(dispatching:) with a travelling reducer, to travel the app itself."
        case .travelNeedsDecodableState(let step, let stateType):
            "Step \(step) is no longer in memory, and its recorded state cannot be read back because \(stateType) is not Decodable."
        case .travelNeedsUnredactedState(let step):
            "Step \(step) is no longer in memory, and its recorded state cannot be read back because the journal holds it redacted; keep more recent states (options.recentStates) to travel further back."
        case .journalStopped(let message):
            message
        case .travelNotApplied(let step):
            "The app's store did not apply statedbg's travel to step \(step): give it the reducer recorder.travelling(yourReducer) makes, let the middleware pass actions it does not know on, and have the store reduce them on the thread that dispatches them."
        case .appDidNotRun(let travel, let timeout):
            "The app's main thread did not start the \(travel) within \(timeout.secondsText): it is busy, or the program never runs its main queue (a command-line program: set RecorderOptions.appExecutor to .anyThread, or run dispatchMain()); the app's state did not change."
        }
    }
}
