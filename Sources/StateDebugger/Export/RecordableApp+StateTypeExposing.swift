import StateRecorder

extension RecordableApp: StateTypeExposing {
    var stateType: Any.Type { State.self }
    var codableActionTypeNames: [String]? { [String(reflecting: Action.self)] }
}
