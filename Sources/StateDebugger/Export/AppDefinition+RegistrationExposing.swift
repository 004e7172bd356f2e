import StateRecorder

extension AppDefinition: RegistrationExposing {
    var stateType: Any.Type { State.self }
    var codableActionTypeNames: [String] { actions.names }
}
