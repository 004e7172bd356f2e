/// A step's state as its journal line will store it, worked out ahead of the line: the patch from the
/// previous state or the whole state (a keyframe), serialized, and the state's fingerprint.
///
/// ``JournalBuilder/prepareStep(state:parent:keyframe:changes:)`` makes it where the state is at hand, and
/// ``JournalBuilder/appendStep(actionBytes:prepared:time:parent:into:)`` writes the line anywhere else:
/// a recorder prepares on the dispatching thread, which keeps the JSON states, and hands its writer
/// thread only these bytes, so that no queued step holds an earlier state's arrays.
package struct PreparedStepState: Sendable {
    /// Whether ``content`` is the whole state (a keyframe) rather than a patch.
    package var keyframe: Bool
    /// The `state` or `patch` member's value, serialized in the canonical style.
    package var content: [UInt8]
    /// The state's fingerprint (``StateJSON/StateFingerprint``).
    package var hash: UInt64
    /// What in the state no reader would read (see ``JournalLimits``), when something is: the line is
    /// then not written by ``JournalBuilder/appendReadableStep(actionBytes:prepared:time:parent:into:)``.
    package var problem: JournalLineError?

    package init(keyframe: Bool, content: [UInt8], hash: UInt64, problem: JournalLineError? = nil) {
        self.keyframe = keyframe
        self.content = content
        self.hash = hash
        self.problem = problem
    }
}
