/// The rest of a store's middleware chain, ending in the reducer.
///
/// Call it like a function: `next(action)`. Called during the action's turn it runs synchronously
/// and returns the real outcome. Called later (kept by a delaying middleware), it queues the action
/// to resume at the same point in the chain and returns ``DispatchOutcome/deferred``.
public struct MiddlewareNext<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline let store: Store<State, Action>
    @usableFromInline let index: Int
    @usableFromInline let turn: UInt64

    @inlinable
    init(store: Store<State, Action>, index: Int, turn: UInt64) {
        self.store = store
        self.index = index
        self.turn = turn
    }

    /// Passes `action` to the rest of the chain.
    @inlinable @discardableResult
    public func callAsFunction(_ action: Action) -> DispatchOutcome {
        store.resumeChain(at: index, action: action, turn: turn)
    }
}
