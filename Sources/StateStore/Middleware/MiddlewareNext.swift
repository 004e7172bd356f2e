/// The rest of a store's middleware chain, ending in the reducer.
///
/// Call it like a function: `next(action)`. Called during the action's turn it runs synchronously
/// and returns the real outcome. Called later (kept by a delaying middleware), it queues the action
/// to resume at the same point in the chain and returns ``DispatchOutcome/deferred``.
public struct MiddlewareNext<State: Sendable, Action: Sendable>: Sendable {
    let store: Store<State, Action>
    let index: Int
    let turn: UInt64

    /// Passes `action` to the rest of the chain.
    @discardableResult
    public func callAsFunction(_ action: Action) -> DispatchOutcome {
        store.resumeChain(at: index, action: action, turn: turn)
    }
}
