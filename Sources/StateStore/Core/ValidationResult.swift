/// A validator's verdict on one change.
public enum ValidationResult: Sendable, Hashable {
    /// The new state is allowed.
    case accepted
    /// The new state is refused, with a reason a person can read.
    case rejected(String)
}
