import StateStore

extension RecordableApp {
    /// Describes an app at version `schemaVersion` of its recorded types, with the migrations that read
    /// recordings of the earlier versions (see ``Migration``).
    ///
    /// ```swift
    /// let app = RecordableApp(
    ///     id: "todo", initialState: TodoState(), reducer: todoReducer,
    ///     actionSamples: [.add(text: "x"), .toggle(id: 0)],
    ///     schemaVersion: 2,
    ///     migrations: [.from(1, .renameField("title", to: "text", in: .state(".todos[*]")),
    ///                           .renameField("title", to: "text", in: .action("todo.add", ".add")))])
    /// ```
    public init(
        id: String,
        summary: String = "",
        swiftName: String? = nil,
        initialState: State,
        reducer: Reducer<State, Action>,
        validators: [Validator<State, Action>] = [],
        actionSamples: [Action] = [],
        randomAction: (@Sendable (State, inout SeededGenerator) -> Action)? = nil,
        schemaVersion: Int,
        migrations: [Migration]
    ) {
        self.init(id: id, summary: summary, swiftName: swiftName, initialState: initialState, reducer: reducer,
                  validators: validators, actionSamples: actionSamples, randomAction: randomAction)
        self.schemaVersion = schemaVersion
        self.migrations = migrations
    }
}
