/// A named rule that every new state must satisfy.
///
/// A store runs its validators after the reducer; if one of them rejects, the store keeps the old
/// state, does not notify subscribers and reports ``DispatchOutcome/rejected(_:)`` to middleware and
/// observers. Validators run while the state lock is held, so like reducers they must be pure and
/// must not dispatch.
///
/// ```swift
/// let noDebt = Validator<Bank, BankAction>(name: "noDebt") { old, new, action in
///     new.balance >= 0 ? .accepted : .rejected("balance would be \(new.balance)")
/// }
/// ```
public struct Validator<State, Action>: Sendable {
    /// The name reported in a ``Rejection``.
    public let name: String
    @usableFromInline
    let _body: @Sendable (_ old: State, _ new: State, _ action: Action) -> ValidationResult

    /// Creates a validator from a closure that judges the change from `old` to `new` made by `action`.
    public init(
        name: String,
        _ validate: @escaping @Sendable (_ old: State, _ new: State, _ action: Action) -> ValidationResult
    ) {
        self.name = name
        self._body = validate
    }

    /// Judges a change; `nil` means accepted.
    @inlinable
    public func validate(old: State, new: State, action: Action) -> Rejection? {
        switch _body(old, new, action) {
        case .accepted: nil
        case .rejected(let reason): Rejection(validator: name, reason: reason)
        }
    }
}
