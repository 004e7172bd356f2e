/// The rest of a store's middleware chain, ending in the reducer.
///
/// Call it like a function: `next(action)`. Called during the action's turn it runs synchronously
/// and returns the real outcome. Called later (kept by a delaying middleware), it queues the action
/// to resume at the same point in the chain and returns ``DispatchOutcome/deferred``.
public struct MiddlewareNext<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline let _store: Store<State, Action>
    @usableFromInline let _index: Int
    @usableFromInline let _turn: UInt64

    @inlinable
    init(store: Store<State, Action>, index: Int, turn: UInt64) {
        self._store = store
        self._index = index
        self._turn = turn
    }

    /// Passes `action` to the rest of the chain.
    @inlinable @discardableResult
    public func callAsFunction(_ action: Action) -> DispatchOutcome {
        _store.resumeChain(at: _index, action: action, turn: _turn)
    }
}
