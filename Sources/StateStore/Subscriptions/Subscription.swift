import StateSync

/// A token for a store subscription; the subscription ends when it is cancelled or released.
///
/// Keep the token as long as you want notifications:
///
/// ```swift
/// var subscriptions: Set<Subscription> = []
/// store.subscribe(\.count) { new, old in print(old ?? new, "→", new) }
///     .store(in: &subscriptions)
/// ```
///
/// After `cancel()` returns on the thread that dispatches, the callback is not called again; a
/// notification already running on another thread may finish.
public final class Subscription: Sendable, Hashable {
    private let onCancel: @Sendable () -> Void
    private let cancelled = AtomicCell<Bool>(false)

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    deinit {
        cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        cancelled.load(ordering: .acquiring)
    }

    /// Ends the subscription; calling it again does nothing.
    public func cancel() {
        let (exchanged, _) = cancelled.compareExchange(
            expected: false, desired: true, ordering: .acquiringAndReleasing)
        if exchanged {
            onCancel()
        }
    }

    /// Keeps this token alive in `set`, so the subscription lasts as long as the set holds it.
    public func store(in set: inout Set<Subscription>) {
        set.insert(self)
    }

    /// Two tokens are equal only when they are the same subscription.
    public static func == (lhs: Subscription, rhs: Subscription) -> Bool {
        lhs === rhs
    }

    /// Hashes the token's identity, so a `Set<Subscription>` holds each subscription once.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
