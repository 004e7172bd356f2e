import StateJSON

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

    /// The error as a sentence saying what went wrong and, where there is one, what to do.
    public var description: String {
        switch self {
        case .nothingToRedo:
            "There is nothing to redo: no undo since the last dispatch."
        case .noSuchStep(let step, let last):
            "There is no step \(step); the recording has steps 0 to \(last)."
        case .stepInEarlierFile(let step, let file):
            "Step \(step) is in an earlier file than \(file), which this recorder rolled over from; open that file with statedbg."
        case .undecodableState(let step, let detail):
            "The recorded state of step \(step) does not decode: \(detail.withoutFinalPeriod)."
        case .timeTravelUnavailable:
            "This recorder cannot set the app's state, so it offers no undo, redo or jump; pass setState: to the Recorder to travel the app itself."
        case .travelNeedsDecodableState(let step, let stateType):
            "Step \(step) is no longer in memory, and its recorded state cannot be read back because \(stateType) is not Decodable."
        case .travelNeedsUnredactedState(let step):
            "Step \(step) is no longer in memory, and its recorded state cannot be read back because the journal holds it redacted; keep more recent states (options.recentStates) to travel further back."
        case .journalStopped(let message):
            message
        }
    }
}
