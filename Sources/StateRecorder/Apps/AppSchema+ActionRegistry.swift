extension AppSchema {
    /// Describes an app whose actions are tagged by an ``ActionRegistry``: each sample under the name
    /// the registry gives its type, as the recorder tags it, and each registered struct action type
    /// that no sample stands for by probing the type itself, so a ReSwift-style app's renamed action
    /// fields are caught without samples.
    init<State, Action>(initialState: State, actionSamples: [Action], actions: ActionRegistry) {
        self.init(initialState: initialState, actionSamples: [Action](), describer: ActionDescriber(prefix: ""))
        for sample in actionSamples {
            let described = AppSchema(initialState: (), actionSamples: [sample], describer: actions.describer(for: sample))
            self.actions.merge(described.actions) { _, new in new }
        }
        for entry in actions.types where !self.actions.keys.contains(where: { $0 == entry.name || $0.hasPrefix(entry.name + ".") }) {
            // An enum's cases cannot be found from its type; a struct's fields can.
            let shape = SchemaProbe.shape(of: entry.type, hints: [:]).jsonValue
            if let fields = shape["fields"]?.objectValue, !fields.isEmpty { self.actions[entry.name] = shape }
        }
    }
}
