import StateRecorder

extension ShoppingApp {
    /// The app as statedbg records and replays it: its identifier, reducer, action samples for the
    /// schema, and its seeded action generator, which sooner or later deletes the last row and then
    /// acts on the selection, and so crashes the reducer.
    public static let app = RecordableApp(
        id: "shopping",
        summary: "A shopping list with a selected row; keeps a real crash: deleting the last row, then ticking the selection, reads past the end.",
        swiftName: "ShoppingApp.app",
        initialState: initialState,
        reducer: reducer,
        validators: validators,
        actionSamples: actionSamples,
        randomAction: { state, generator in randomAction(for: state, using: &generator) }
    )
}
