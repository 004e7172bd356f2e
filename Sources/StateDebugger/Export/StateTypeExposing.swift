/// A registration that shows the exporter its state type, which ``StateRecorder/RegisteredApp`` erases,
/// so that a generated test compares the final state as a value only when the type can be decoded and
/// compared with `==`.
protocol StateTypeExposing {
    /// The app's state type.
    var stateType: Any.Type { get }
}

extension StateTypeExposing {
    /// Whether a test can decode the state from JSON and compare it with `==`, as `assertFinalState`
    /// needs.
    var stateIsCodableAndEquatable: Bool {
        stateType is any (Codable & Equatable).Type
    }
}
