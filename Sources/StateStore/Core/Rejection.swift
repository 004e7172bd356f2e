/// Why a validator refused the state an action produced.
///
/// ```swift
/// let rejection = Rejection(validator: "noDebt", reason: "jenny's balance would be -5")
/// print(DispatchOutcome.rejected(rejection))
/// ```
///
/// ```text
/// rejected by noDebt: jenny's balance would be -5
/// ```
public struct Rejection: Sendable, Hashable {
    /// The ``Validator/name`` of the validator that rejected the change.
    public var validator: String
    /// The validator's explanation, a phrase a person can read.
    public var reason: String

    /// Creates a rejection.
    public init(validator: String, reason: String) {
        self.validator = validator
        self.reason = reason
    }
}
