import Synchronization

/// A type-erased store subscription: the store keeps these in subscription order.
///
/// Invariant: after registration (under the store's lock) a subscriber is touched only by the thread
/// draining the store's queue, one action at a time, which is why the unsynchronised `last` value in
/// ``SliceSubscriber`` is safe and why the class is `@unchecked Sendable`.
class Subscriber<State>: @unchecked Sendable {
    let cancelled = Atomic<Bool>(false)

    var isCancelled: Bool {
        cancelled.load(ordering: .relaxed)
    }

    /// Records the slice of the state at registration, the baseline for the first change.
    func register(_ state: State) {}

    /// Calls the callback if the slice of `state` changed.
    func deliver(_ state: State) {}

    /// Calls the callback with the baseline and no old value.
    func deliverInitial() {}
}

/// A subscriber to one slice of the state.
final class SliceSubscriber<State, Value>: Subscriber<State>, @unchecked Sendable {
    private let select: @Sendable (State) -> Value
    private let isDuplicate: (@Sendable (Value, Value) -> Bool)?
    private let onChange: @Sendable (Value, Value?) -> Void
    private var last: Value?

    init(
        select: @escaping @Sendable (State) -> Value,
        isDuplicate: (@Sendable (Value, Value) -> Bool)?,
        onChange: @escaping @Sendable (Value, Value?) -> Void
    ) {
        self.select = select
        self.isDuplicate = isDuplicate
        self.onChange = onChange
    }

    override func register(_ state: State) {
        last = select(state)
    }

    override func deliver(_ state: State) {
        let value = select(state)
        let old = last
        if let isDuplicate, let old, isDuplicate(old, value) {
            return
        }
        last = value
        onChange(value, old)
    }

    override func deliverInitial() {
        guard !isCancelled, let last else { return }
        onChange(last, nil)
    }
}
