import StateJSON
import StateJournal

/// What a source knows about one step without rebuilding its state.
///
/// ```swift
/// let record = try source.record(at: 12)
/// record.action.type        // "bank.pay"
/// record.hash               // the fingerprint the recorder wrote, when the source has one
/// ```
public struct StepRecord: Sendable, Equatable {
    /// The action.
    public var action: JournalAction
    /// The recorded fingerprint of the resulting state (``StateJSON/StateFingerprint``), when known.
    public var hash: UInt64?
    /// Locations outside which the step changed nothing (from its patch; an array insertion or removal
    /// names the whole array), or `nil` when unknown, as for a keyframe.
    public var changedPointers: [JSONPointer]?
    /// When the action was applied, in milliseconds since 1970 (0 when unknown).
    public var time: Int64
    /// The arrays and objects that gained or lost an element or member at the step (from its patch), or
    /// `nil` when unknown; a path ending in `count` can change only with them.
    package var resizedContainers: [JSONPointer]?

    /// Creates a record.
    public init(action: JournalAction, hash: UInt64?, changedPointers: [JSONPointer]?, time: Int64 = 0) {
        self.action = action
        self.hash = hash
        self.changedPointers = changedPointers
        self.time = time
    }
}
