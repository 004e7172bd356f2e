extension AppDefinition {
    /// Describes an app whose reducer changes the state in place, at version `schemaVersion` of its
    /// recorded types, with the migrations that read recordings of the earlier versions.
    ///
    /// ```swift
    /// let users = AppDefinition<UsersState, any Action>(
    ///     id: "users", initialState: UsersState(), actions: ActionRegistry(AddUser.self, SetYears.self),
    ///     reduce: reduce,
    ///     schemaVersion: 2,
    ///     migrations: [.from(1, .renameField("age", to: "years", in: .state(".users[*]")))])
    /// ```
    public init(
        id: String,
        summary: String = "",
        swiftName: String? = nil,
        initialState: @escaping @autoclosure @Sendable () -> State,
        actions: ActionRegistry,
        actionSamples: [Action] = [],
        reduce: @escaping @Sendable (inout State, Action) -> Void,
        validate: (@Sendable (_ old: State, _ new: State, _ action: Action) -> Rejection?)? = nil,
        randomAction: (@Sendable (State, inout SeededGenerator) -> Action)? = nil,
        schemaVersion: Int,
        migrations: [Migration]
    ) {
        self.init(id: id, summary: summary, swiftName: swiftName, initialState: initialState(), actions: actions,
                  actionSamples: actionSamples, reduce: reduce, validate: validate, randomAction: randomAction)
        makeInitialState = initialState
        self.schemaVersion = schemaVersion
        self.migrations = migrations
    }

    /// Describes an app whose reducer returns the new state, ReSwift style, at version `schemaVersion`
    /// of its recorded types, with the migrations that read recordings of the earlier versions.
    public init(
        id: String,
        summary: String = "",
        swiftName: String? = nil,
        initialState: @escaping @autoclosure @Sendable () -> State,
        actions: ActionRegistry,
        actionSamples: [Action] = [],
        reducer: @escaping @Sendable (Action, State?) -> State,
        validate: (@Sendable (_ old: State, _ new: State, _ action: Action) -> Rejection?)? = nil,
        randomAction: (@Sendable (State, inout SeededGenerator) -> Action)? = nil,
        schemaVersion: Int,
        migrations: [Migration]
    ) {
        self.init(id: id, summary: summary, swiftName: swiftName, initialState: initialState(), actions: actions,
                  actionSamples: actionSamples, reducer: reducer, validate: validate, randomAction: randomAction)
        makeInitialState = initialState
        self.schemaVersion = schemaVersion
        self.migrations = migrations
    }
}
