import StateRecorder

extension TrackerApp {
    /// The app as statedbg records and replays it: its identifier, reducer, validators, action
    /// samples for the schema, and its seeded action generator.
    public static let app = RecordableApp(
        id: "tracker",
        summary: "Projects with tracked items and a navigation route; keeps a real bug: deleting an item does not bump the project's updated date.",
        swiftName: "TrackerApp.app",
        initialState: initialState,
        reducer: reducer,
        validators: validators,
        actionSamples: actionSamples,
        randomAction: { state, generator in randomAction(for: state, using: &generator) }
    )
}
