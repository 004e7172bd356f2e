import StateRecorder

// statedbg glue for the TCA-style search: the 9 lines of code below (the import aside), a higher-order
// reducer in the manner of TCA's `_printChanges()`. The app wraps its root reducer once:
//
//     Search(client: .live).recording(into: try Recorder(app: TCASearchApp.definition, journal: "search.jsonl"))

extension TCASearchApp.Reducer {
    /// This reducer, journaling every action after it ran, with the state it made; effects are
    /// returned unchanged, so the actions they send are journaled when they come back.
    public func recording(into recorder: Recorder<State, Action>) -> TCASearchApp.Reduce<State, Action> {
        TCASearchApp.Reduce { state, action in
            let effect = reduce(into: &state, action: action)
            recorder.record(action, state: state, site: nil)
            return effect
        }
    }
}
