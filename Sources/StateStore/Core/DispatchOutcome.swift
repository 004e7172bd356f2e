/// What happened to an action that went through a store's middleware chain.
///
/// Middleware receives the outcome from `next(action)`, so it can act after the reducer ran (or did
/// not run). ``description`` is what ``Middleware/logging(name:to:describeChange:)`` prints:
///
/// ```text
/// applied
/// rejected by noDebt: jenny's balance would be -5
/// dropped
/// deferred
/// ```
public enum DispatchOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The reducer ran and the validators accepted the new state.
    case applied
    /// The reducer ran but a validator rejected the new state; the old state was kept.
    case rejected(Rejection)
    /// A middleware stopped the action before it reached the reducer.
    case dropped
    /// The action will reach the rest of the chain later, so its outcome is not known yet.
    ///
    /// `next` returns this when it is called after the action's turn ended (a middleware that
    /// delays an action keeps `next` and calls it from a task); the action is then queued behind
    /// the actions already waiting, preserving the store's total order.
    case deferred

    /// The outcome in a few words: `applied`, `rejected by noDebt: …`, `dropped` or `deferred`.
    public var description: String {
        switch self {
        case .applied: "applied"
        case .rejected(let rejection): "rejected by \(rejection.validator): \(rejection.reason)"
        case .dropped: "dropped"
        case .deferred: "deferred"
        }
    }
}
