import StateSync

// Safe because after registration only the thread draining the store's queue touches a subscriber, and cancelled is
// atomic.
/// One store subscription, type-erased over the selected value.
///
/// The closures are built in the (inlinable) `subscribe` methods, so they are specialized for the
/// caller's state and value types; a class hierarchy would dispatch through the library's
/// unspecialized vtable instead.
///
/// Invariant: after registration (under the store's lock) a subscriber is touched only by the thread
/// draining the store's queue, one action at a time, which is why the unsynchronised ``_SliceMemory``
/// is safe and why the class is `@unchecked Sendable`.
@usableFromInline
final class _Subscriber<State>: @unchecked Sendable {
    @usableFromInline let _cancelled = AtomicCell<Bool>(false)
    /// Records the slice of the state at registration, the baseline for the first change.
    @usableFromInline let _register: (State) -> Void
    /// Calls the callback if the slice of the state changed.
    @usableFromInline let _deliver: (State) -> Void
    /// Calls the callback with the baseline and no old value.
    @usableFromInline let _deliverInitial: () -> Void

    @inlinable
    init(
        register: @escaping (State) -> Void, deliver: @escaping (State) -> Void,
        deliverInitial: @escaping () -> Void
    ) {
        self._register = register
        self._deliver = deliver
        self._deliverInitial = deliverInitial
    }

    @inlinable
    var isCancelled: Bool {
        _cancelled.load(ordering: .relaxed)
    }

    /// A subscriber that selects a slice, skips it when `isDuplicate` says so, and remembers it.
    @inlinable
    static func slice<Value>(
        select: @escaping @Sendable (State) -> Value,
        isDuplicate: (@Sendable (Value, Value) -> Bool)?,
        onChange: @escaping @Sendable (Value, Value?) -> Void
    ) -> _Subscriber {
        let memory = _SliceMemory<Value>()
        let subscriber = _Subscriber(
            register: { state in memory.last = select(state) },
            deliver: { state in
                let value = select(state)
                let old = memory.last
                if let isDuplicate, let old, isDuplicate(old, value) {
                    return
                }
                memory.last = value
                onChange(value, old)
            },
            deliverInitial: {
                if let last = memory.last {
                    onChange(last, nil)
                }
            })
        return subscriber
    }
}
