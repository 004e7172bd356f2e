extension AppDefinition {
    /// Describes an app whose reducer belongs to the main actor: the default in a target whose default
    /// isolation is the main actor (Xcode 26's new app targets, SwiftPM's `.defaultIsolation(MainActor.self)`),
    /// where the plain initializers cannot call it.
    ///
    /// statedbg's tools run the app's functions on their main actor: a command's main thread, a test's
    /// main queue (`assertReplay` waits for it there). The state's `Codable` conformances, isolated to the
    /// main actor too, are looked up there as well, so it may be called from anywhere but a thread the
    /// main thread waits for:
    ///
    /// ```swift
    /// let usersApp = AppDefinition<AppState, any Action>.onMainActor(
    ///     id: "users", swiftName: "usersApp", initialState: AppState(),
    ///     actions: ActionRegistry(AddUser.self, UpdateAge.self),
    ///     reducer: { action, state in appReducer(action: action, state: state) })
    /// ```
    public static func onMainActor(
        id: String,
        summary: String = "",
        swiftName: String? = nil,
        initialState: @escaping @autoclosure @MainActor @Sendable () -> State,
        actions: ActionRegistry,
        actionSamples: [Action] = [],
        reducer: @escaping @MainActor @Sendable (Action, State?) -> State,
        validate: (@MainActor @Sendable (_ old: State, _ new: State, _ action: Action) -> Rejection?)? = nil,
        randomAction: (@MainActor @Sendable (State, inout SeededGenerator) -> Action)? = nil
    ) -> AppDefinition {
        onMainActor(id: id, summary: summary, swiftName: swiftName, initialState: initialState(), actions: actions,
                    actionSamples: actionSamples, reduce: { state, action in state = reducer(action, state) },
                    validate: validate, randomAction: randomAction)
    }

    /// Describes an app whose reducer changes the state in place and belongs to the main actor: as
    /// ``onMainActor(id:summary:swiftName:initialState:actions:actionSamples:reducer:validate:randomAction:)``.
    public static func onMainActor(
        id: String,
        summary: String = "",
        swiftName: String? = nil,
        initialState: @escaping @autoclosure @MainActor @Sendable () -> State,
        actions: ActionRegistry,
        actionSamples: [Action] = [],
        reduce: @escaping @MainActor @Sendable (inout State, Action) -> Void,
        validate: (@MainActor @Sendable (_ old: State, _ new: State, _ action: Action) -> Rejection?)? = nil,
        randomAction: (@MainActor @Sendable (State, inout SeededGenerator) -> Action)? = nil
    ) -> AppDefinition {
        let initial: @Sendable () -> State = { MainActorCall.run { initialState() } }
        let reduceHere: @Sendable (inout State, Action) -> Void = { state, action in
            MainActorCall.run(changing: &state, passing: action) { reduce(&$0, $1) }
        }
        var validateHere: (@Sendable (State, State, Action) -> Rejection?)?
        if let validate {
            validateHere = { old, new, action in MainActorCall.run(passing: (old, new, action)) { validate($0.0, $0.1, $0.2) } }
        }
        var randomHere: (@Sendable (State, inout SeededGenerator) -> Action)?
        if let randomAction {
            randomHere = { state, generator in
                MainActorCall.run(changing: &generator, passing: state) { randomAction($1, &$0) }
            }
        }
        var app = AppDefinition(id: id, summary: summary, swiftName: swiftName, initialState: initial(), actions: actions,
                                actionSamples: actionSamples, reduce: reduceHere, validate: validateHere, randomAction: randomHere)
        app.makeInitialState = initial
        app.runsOnMainActor = true
        app.conformances = MainActorCall.run { StateConformances<State>.lookUp() }
        return app
    }
}
