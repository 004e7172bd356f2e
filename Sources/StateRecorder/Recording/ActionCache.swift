/// Remembers encoded actions by the action itself.
///
/// The recorder's action type is only known to be `Encodable`; when it is also `Hashable`, the
/// encoder opens that conformance once, at init, into a ``HashableActionCache`` of the concrete type,
/// so a lookup hashes the action directly instead of boxing it in an `AnyHashable` on every step.
protocol ActionCache<Action>: AnyObject {
    associatedtype Action

    /// The encoded form of `action`, made by `make` and remembered when not already known.
    func encoded(_ action: Action, orMake make: (Action) throws -> EncodedAction) rethrows -> EncodedAction
}

/// An ``ActionCache`` for a `Hashable` action type, bounded so a stream of distinct actions cannot
/// grow it without limit.
final class HashableActionCache<Action: Hashable>: ActionCache {
    private var entries: [Action: EncodedAction] = [:]
    private let limit: Int

    init(limit: Int = 1024) {
        self.limit = limit
    }

    func encoded(_ action: Action, orMake make: (Action) throws -> EncodedAction) rethrows -> EncodedAction {
        if let cached = entries[action] { return cached }
        let made = try make(action)
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        entries[action] = made
        return made
    }
}
