import StateRecorder

extension AppDefinition: StateTypeExposing {
    var stateType: Any.Type { State.self }
    var codableActionTypeNames: [String]? { actions.names }
}
