import StateRecorder

extension CounterApp {
    /// The app as statedbg records and replays it: its identifier, reducer, validators, action
    /// samples for the schema, and its seeded action generator.
    public static let app = RecordableApp(
        id: "counter",
        summary: "The counter from ReSwift's README: increase, decrease, reset.",
        swiftName: "CounterApp.app",
        initialState: initialState,
        reducer: reducer,
        validators: validators,
        actionSamples: actionSamples,
        randomAction: { state, generator in randomAction(for: state, using: &generator) }
    )
}
