/// A store as a ReSwift-style app writes its own: a state, a reducer `(Action, State?) -> State`, and
/// middleware that wraps the dispatch function. No statedbg types, so the recorder's cost is measured
/// as a user's app pays it.
final class OwnStore<State> {
    typealias Dispatch = (any OwnAction) -> Void
    typealias Middleware = (@escaping () -> State) -> (@escaping Dispatch) -> Dispatch

    private(set) var state: State
    private let reducer: (any OwnAction, State?) -> State
    private var dispatchFunction: Dispatch = { _ in }

    init(state: State, reducer: @escaping (any OwnAction, State?) -> State, middleware: [Middleware] = []) {
        self.state = state
        self.reducer = reducer
        var dispatch: Dispatch = { [unowned self] action in self.state = self.reducer(action, self.state) }
        for layer in middleware.reversed() {
            dispatch = layer({ [unowned self] in self.state })(dispatch)
        }
        dispatchFunction = dispatch
    }

    func dispatch(_ action: any OwnAction) {
        dispatchFunction(action)
    }
}
