/// A registration that shows the debugger what ``StateRecorder/RegisteredApp`` erases: its state type,
/// so that a generated test compares the final state as a value only when the type can be decoded and
/// compared with `==`, and the `Codable` action types it registers, so that a session can say whether
/// anything typed or recorded can be decoded at all.
protocol StateTypeExposing {
    /// The app's state type.
    var stateType: Any.Type { get }
    /// The names of the app's registered `Codable` action types; empty when it registers none, `nil`
    /// when the registration does not say.
    var codableActionTypeNames: [String]? { get }
}

extension StateTypeExposing {
    /// `nil`: a registration that shows only its state type does not say.
    var codableActionTypeNames: [String]? { nil }

    /// Whether a test can decode the state from JSON and compare it with `==`, as `assertFinalState`
    /// needs.
    var stateIsCodableAndEquatable: Bool {
        stateType is any (Codable & Equatable).Type
    }

    /// Whether a replay can start from a recorded state: the state type is `Decodable`.
    var stateIsDecodable: Bool {
        stateType is any Decodable.Type
    }
}
