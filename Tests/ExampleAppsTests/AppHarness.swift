import ExampleApps
import StateRecorder
import StateStore

/// Runs `count` generated actions through a store built from an app's pieces.
func generate<State: Sendable, Action: Sendable>(
    _ count: Int,
    seed: UInt64,
    initialState: State,
    reducer: Reducer<State, Action>,
    validators: [Validator<State, Action>] = [],
    randomAction: (State, inout SeededGenerator) -> Action
) -> (actions: [Action], outcomes: [DispatchOutcome], state: State) {
    let store = Store(initialState: initialState, reducer: reducer, validators: validators)
    let outcomes = OutcomeLog()
    store.addObserver(StoreObserver { event in
        if case .processed(_, _, let outcome) = event { outcomes.append(outcome) }
    })
    var rng = SeededGenerator(seed: seed)
    var actions: [Action] = []
    for _ in 0..<count {
        let action = randomAction(store.state, &rng)
        actions.append(action)
        store.dispatch(action)
    }
    return (actions, outcomes.elements, store.state)
}

final class OutcomeLog: @unchecked Sendable {
    private(set) var elements: [DispatchOutcome] = []

    // Observers run on the dispatching thread and `generate` dispatches from one thread only.
    func append(_ outcome: DispatchOutcome) {
        elements.append(outcome)
    }
}
