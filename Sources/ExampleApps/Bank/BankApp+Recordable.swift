import StateRecorder

extension BankApp {
    /// The app as statedbg records and replays it: its identifier, reducer, validators, action
    /// samples for the schema, and its seeded action generator.
    public static let app = RecordableApp(
        id: "bank",
        summary: "Jenny and Donald's accounts; a validator rejects debt (SwiftyState's sample).",
        swiftName: "BankApp.app",
        initialState: initialState,
        reducer: reducer,
        validators: validators,
        actionSamples: actionSamples,
        randomAction: { state, generator in randomAction(for: state, using: &generator) }
    )
}
