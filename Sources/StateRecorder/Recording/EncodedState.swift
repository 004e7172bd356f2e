import StateJSON

/// A state an eager recorder turned into JSON on the dispatching thread, queued for its writer with the
/// encoder's notes of the arrays it built from the previous state's (see
/// ``StateJSON/IncrementalJSONEncoder/arrayChanges``), so that the writer's diff and fingerprint look
/// only at the elements that changed.
struct EncodedState {
    var json: JSONValue
    /// `nil` when the snapshotter keeps no notes.
    var changes: JSONArrayChanges?
}
