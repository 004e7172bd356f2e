import StateRecorder

extension RecordableApp: RegistrationExposing {
    var stateType: Any.Type { State.self }
    var codableActionTypeNames: [String] { [String(reflecting: Action.self)] }
}
