import Synchronization

/// A type-erased store subscription: the store keeps these in subscription order.
///
/// Invariant: after registration (under the store's lock) a subscriber is touched only by the thread
/// draining the store's queue, one action at a time, which is why the unsynchronised `last` value in
/// ``SliceSubscriber`` is safe and why the class is `@unchecked Sendable`.
@usableFromInline
class Subscriber<State>: @unchecked Sendable {
    @usableFromInline let cancelled = Atomic<Bool>(false)

    @inlinable
    var isCancelled: Bool {
        cancelled.load(ordering: .relaxed)
    }

    /// Records the slice of the state at registration, the baseline for the first change.
    @usableFromInline
    func register(_ state: State) {}

    @usableFromInline
    init() {}

    /// Calls the callback if the slice of `state` changed.
    @usableFromInline
    func deliver(_ state: State) {}

    /// Calls the callback with the baseline and no old value.
    @usableFromInline
    func deliverInitial() {}
}

/// A subscriber to one slice of the state.
@usableFromInline
final class SliceSubscriber<State, Value>: Subscriber<State>, @unchecked Sendable {
    @usableFromInline let select: @Sendable (State) -> Value
    @usableFromInline let isDuplicate: (@Sendable (Value, Value) -> Bool)?
    @usableFromInline let onChange: @Sendable (Value, Value?) -> Void
    @usableFromInline var last: Value?

    @inlinable
    init(
        select: @escaping @Sendable (State) -> Value,
        isDuplicate: (@Sendable (Value, Value) -> Bool)?,
        onChange: @escaping @Sendable (Value, Value?) -> Void
    ) {
        self.select = select
        self.isDuplicate = isDuplicate
        self.onChange = onChange
        super.init()
    }

    @inlinable
    override func register(_ state: State) {
        last = select(state)
    }

    @inlinable
    override func deliver(_ state: State) {
        let value = select(state)
        let old = last
        if let isDuplicate, let old, isDuplicate(old, value) {
            return
        }
        last = value
        onChange(value, old)
    }

    @inlinable
    override func deliverInitial() {
        guard !isCancelled, let last else { return }
        onChange(last, nil)
    }
}
