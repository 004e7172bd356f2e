extension Store {
    /// Calls `onChange` with the new and old value of a slice of the state after each applied action
    /// that changed it.
    ///
    /// Repeated equal values are skipped unless `options` contains ``SubscriptionOptions/always``.
    /// Callbacks run on the dispatching thread after the state lock is released, in subscription
    /// order. `old` is `nil` only for the ``SubscriptionOptions/initial`` call. The selector runs under
    /// the state lock, so it must be a pure function of the state.
    ///
    /// ```swift
    /// let token = store.subscribe({ $0.users.count }, options: .initial) { new, old in
    ///     print("users: \(old.map(String.init) ?? "-") → \(new)")
    /// }
    /// store.dispatch(.addUser(name: "Ada"))
    /// ```
    ///
    /// ```text
    /// users: - → 0
    /// users: 0 → 1
    /// ```
    @inlinable
    public func subscribe<Value: Sendable & Equatable>(
        _ select: @escaping @Sendable (State) -> Value,
        options: SubscriptionOptions = [],
        _ onChange: @escaping @Sendable (_ new: Value, _ old: Value?) -> Void
    ) -> Subscription {
        var isDuplicate: (@Sendable (Value, Value) -> Bool)?
        if !options.contains(.always) {
            isDuplicate = { @Sendable old, new in old == new }
        }
        let subscriber = _Subscriber.slice(select: select, isDuplicate: isDuplicate, onChange: onChange)
        return _register(subscriber, initial: options.contains(.initial))
    }

    /// Calls `onChange` after every applied action with the new and previous value of a slice that
    /// cannot be compared.
    @inlinable
    public func subscribe<Value: Sendable>(
        _ select: @escaping @Sendable (State) -> Value,
        options: SubscriptionOptions = [],
        _ onChange: @escaping @Sendable (_ new: Value, _ old: Value?) -> Void
    ) -> Subscription {
        let subscriber = _Subscriber.slice(select: select, isDuplicate: nil, onChange: onChange)
        return _register(subscriber, initial: options.contains(.initial))
    }

    /// Subscribes to the value at `path`, skipping repeats unless `options` contains `.always`.
    ///
    /// Key paths are read through the runtime; on a hot path a closure selector (`{ $0.balance }`)
    /// is about 20 ns per notification cheaper.
    ///
    /// ```swift
    /// let token = store.subscribe(\.balance) { new, old in print("\(old ?? new) → \(new)") }
    /// ```
    @inlinable
    public func subscribe<Value: Sendable & Equatable>(
        _ path: KeyPath<State, Value> & Sendable,
        options: SubscriptionOptions = [],
        _ onChange: @escaping @Sendable (_ new: Value, _ old: Value?) -> Void
    ) -> Subscription {
        subscribe({ $0[keyPath: path] }, options: options, onChange)
    }

    /// Subscribes to the value at `path`, called after every applied action.
    @inlinable
    public func subscribe<Value: Sendable>(
        _ path: KeyPath<State, Value> & Sendable,
        options: SubscriptionOptions = [],
        _ onChange: @escaping @Sendable (_ new: Value, _ old: Value?) -> Void
    ) -> Subscription {
        subscribe({ $0[keyPath: path] }, options: options, onChange)
    }
}
