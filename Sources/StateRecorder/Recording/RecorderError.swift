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
    /// The journal stopped earlier (full disk, unencodable state); the message says why.
    case journalStopped(String)

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
        case .journalStopped(let message):
            message
        }
    }
}
