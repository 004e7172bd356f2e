import StateStore

/// The smallest app the store tests need: a counter with a few actions.
enum CounterAction: Sendable, Equatable {
    case increment
    case decrement
    case add(Int)
    case reset
}

struct CounterState: Sendable, Equatable, Codable {
    var count = 0
    var label = "counter"
}

let counterReducer = Reducer<CounterState, CounterAction> { state, action in
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    case .add(let amount): state.count += amount
    case .reset: state.count = 0
    }
}

/// A store that records diagnostics instead of trapping.
func makeCounterStore(
    middleware: [Middleware<CounterState, CounterAction>] = [],
    validators: [Validator<CounterState, CounterAction>] = [],
    diagnostics: StoreDiagnostics = StoreDiagnostics(dispatchInsideReducer: { _ in }, commandFailed: { _ in })
) -> Store<CounterState, CounterAction> {
    Store(
        initialState: CounterState(), reducer: counterReducer, middleware: middleware, validators: validators,
        diagnostics: diagnostics)
}
