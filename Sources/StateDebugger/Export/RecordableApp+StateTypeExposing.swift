import StateRecorder

extension RecordableApp: StateTypeExposing {
    var stateType: Any.Type { State.self }
}
