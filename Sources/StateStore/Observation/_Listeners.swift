/// An immutable snapshot of a store's subscribers and observers, in registration order.
///
/// Subscribing replaces the snapshot instead of mutating it, so the draining thread can take it out
/// of the lock with one retain and iterate it while others subscribe or cancel.
@usableFromInline
final class _Listeners<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline let _subscribers: [_Subscriber<State>]
    @usableFromInline let _observers: [StoreObserver<State, Action>]

    @usableFromInline
    init(subscribers: [_Subscriber<State>], observers: [StoreObserver<State, Action>]) {
        self._subscribers = subscribers
        self._observers = observers
    }
}
