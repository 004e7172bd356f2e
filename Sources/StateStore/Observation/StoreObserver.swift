/// A hook for recorders and debuggers: sees every event of a store, in order.
///
/// Observers are called synchronously on the thread draining the store's queue, after the state lock
/// is released and before subscribers, once per event. An observer that dispatches gets its action
/// queued behind the current one. Application code should subscribe to the store instead; this type
/// exists for `StateRecorder`.
///
/// ```swift
/// store.addObserver(StoreObserver { event in
///     if case .processed(let action, _, let outcome) = event { print("\(action) → \(outcome)") }
/// })
/// ```
///
/// ```text
/// increment → applied
/// ```
public struct StoreObserver<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline let _receive: @Sendable (StoreEvent<State, Action>) -> Void
    /// Takes applied actions in place of `receive`, when set: the store calls it from its specialized
    /// code with the action and state themselves, so an observer in unspecialized generic code (the
    /// recorder) takes the most frequent event without building and matching a generic enum.
    @usableFromInline package let _applied: (@Sendable (Action, State) -> Void)?

    /// Creates an observer from a closure called for every event.
    public init(_ receive: @escaping @Sendable (StoreEvent<State, Action>) -> Void) {
        self._receive = receive
        _applied = nil
    }

    /// An observer that takes applied actions through `applied` and every other event through `otherwise`.
    package init(
        applied: @escaping @Sendable (_ action: Action, _ state: State) -> Void,
        otherwise: @escaping @Sendable (StoreEvent<State, Action>) -> Void
    ) {
        self._applied = applied
        _receive = otherwise
    }
}
