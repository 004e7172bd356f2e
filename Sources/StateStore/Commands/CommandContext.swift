/// What a running ``Command`` can do with its store.
public struct CommandContext<State: Sendable, Action: Sendable>: Sendable {
    let store: Store<State, Action>

    /// The store's current state, read at the moment of the call.
    public var state: State { store.state }

    /// Dispatches `action` to the store, exactly like ``Store/dispatch(_:)``.
    public func dispatch(_ action: Action) {
        store.dispatch(action)
    }
}
