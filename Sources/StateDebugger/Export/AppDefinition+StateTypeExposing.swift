import StateRecorder

extension AppDefinition: StateTypeExposing {
    var stateType: Any.Type { State.self }
}
