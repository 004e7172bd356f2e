/// How a store subscription is notified.
///
/// ```swift
/// store.subscribe(\.count, options: [.initial, .always]) { new, old in … }
/// ```
public struct SubscriptionOptions: OptionSet, Sendable, Hashable {
    /// The options as bits; use ``initial`` and ``always`` rather than numbers.
    public let rawValue: Int

    /// Creates options from their bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Calls the callback once right away with the current value and `old == nil` (a hot start).
    ///
    /// The call happens before `subscribe` returns unless another action is being processed, in
    /// which case it is queued in order behind it. `old` is `nil` only on this call.
    public static let initial = SubscriptionOptions(rawValue: 1 << 0)
    /// Calls the callback after every applied action, even when an `Equatable` slice did not change.
    public static let always = SubscriptionOptions(rawValue: 1 << 1)
}
