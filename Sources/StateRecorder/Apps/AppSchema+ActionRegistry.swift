extension AppSchema {
    /// Describes an app whose actions are tagged by an ``ActionRegistry``: each sample under the name
    /// the registry gives its type, as the recorder tags it.
    init<State, Action>(initialState: State, actionSamples: [Action], actions: ActionRegistry) {
        self.init(initialState: initialState, actionSamples: [Action](), describer: ActionDescriber(prefix: ""))
        for sample in actionSamples {
            let described = AppSchema(initialState: (), actionSamples: [sample], describer: actions.describer(for: sample))
            self.actions.merge(described.actions) { _, new in new }
        }
    }
}
