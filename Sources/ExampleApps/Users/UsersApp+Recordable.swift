import StateRecorder

extension UsersApp {
    /// The app as statedbg records and replays it: its identifier, reducer, validators, action
    /// samples for the schema, and its seeded action generator.
    public static let app = RecordableApp(
        id: "users",
        summary: "Add users and edit names and ages; keeps a real bug: an invalid age field stores age -1.",
        swiftName: "UsersApp.app",
        initialState: initialState,
        reducer: reducer,
        validators: validators,
        actionSamples: actionSamples,
        randomAction: { state, generator in randomAction(for: state, using: &generator) }
    )
}
