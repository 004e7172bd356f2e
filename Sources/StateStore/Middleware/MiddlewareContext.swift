/// What a ``Middleware`` can read and do besides passing the action on.
public struct MiddlewareContext<State: Sendable, Action: Sendable>: Sendable {
    let store: Store<State, Action>

    /// The store's current state: before `next` runs, the old state; after, the new one.
    public var state: State { store.state }

    /// Dispatches another action; it is queued and runs after the current action's turn ends.
    public func dispatch(_ action: Action) {
        store.dispatch(action)
    }
}
