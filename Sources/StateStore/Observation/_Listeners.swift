/// An immutable snapshot of a store's subscribers and observers, in registration order.
///
/// Subscribing replaces the snapshot instead of mutating it, so the draining thread can take it out
/// of the lock with one retain and iterate it while others subscribe or cancel. While the drainer
/// holds the snapshot, the snapshot holds every subscriber and observer in it: the drainer calls them
/// through unretained references, which saves two atomic reference count changes per listener and
/// action (a third of a dispatch with one subscriber).
@usableFromInline
final class _Listeners<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline let _subscribers: [_Subscriber<State>]
    @usableFromInline let _observers: [_Observer<State, Action>]

    @usableFromInline
    init(subscribers: [_Subscriber<State>], observers: [_Observer<State, Action>]) {
        self._subscribers = subscribers
        self._observers = observers
    }

    // Safe because the snapshot keeps its arrays, and they their elements, alive while body runs: the
    // caller holds the snapshot, and its arrays are never mutated. Each reference is used only in body.
    /// Calls `body` with each observer, in order, without retaining it.
    @inlinable
    func _forEachObserver(_ body: (_Observer<State, Action>) -> Void) {
        _observers.withUnsafeBufferPointer { observers in
            for index in observers.indices {
                Unmanaged.passUnretained(observers[index])._withUnsafeGuaranteedRef(body)
            }
        }
    }

    // Safe because as for _forEachObserver: the snapshot the caller holds keeps every subscriber alive.
    /// Delivers `state` to each subscriber that is not cancelled, in order, without retaining it.
    @inlinable
    func _notifySubscribers(of state: State) {
        _subscribers.withUnsafeBufferPointer { subscribers in
            for index in subscribers.indices {
                Unmanaged.passUnretained(subscribers[index])._withUnsafeGuaranteedRef { subscriber in
                    if !subscriber.isCancelled {
                        subscriber._deliver(state)
                    }
                }
            }
        }
    }
}
