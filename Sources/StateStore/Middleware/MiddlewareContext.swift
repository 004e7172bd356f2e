/// What a ``Middleware`` can read and do besides passing the action on.
public struct MiddlewareContext<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline let _store: Store<State, Action>

    @inlinable
    init(store: Store<State, Action>) {
        self._store = store
    }

    /// The store's current state: before `next` runs, the old state; after, the new one.
    @inlinable
    public var state: State { _store.state }

    /// Dispatches another action; it is queued and runs after the current action's turn ends.
    @inlinable
    public func dispatch(_ action: Action) {
        _store.dispatch(action)
    }
}
