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
    // Unchecked exclusivity: one thread (the writer) uses a cache, and the dynamic checks cost more
    // than a hit. Safe because no access overlaps another: `make` never reaches the cache.
    @exclusivity(unchecked) private var entries: [Action: EncodedAction] = [:]
    private let limit: Int

    init(limit: Int = 1024) {
        self.limit = limit
    }

    /// Plain-data actions of up to 16 bytes (enums without payloads, small numbers) are first looked
    /// up by their bits among the last few seen, which costs less than hashing them. Equal bits always
    /// mean an equal value for such types; an equal value with other bits (in padding) just misses.
    private let bitsComparable = _isPOD(Action.self) && MemoryLayout<Action>.size <= 16
    // Not a nested type: one nested in this generic class would be generic too, and cost a runtime
    // metadata lookup per use.
    // Safe because as for `entries`: one thread, no overlapping access.
    @exclusivity(unchecked) private var recentBits: [ActionBits] = []
    @exclusivity(unchecked) private var recentEncoded: [EncodedAction] = []
    @exclusivity(unchecked) private var nextRecent = 0
    private static var recentCount: Int { 4 }

    func encoded(_ action: Action, orMake make: (Action) throws -> EncodedAction) rethrows -> EncodedAction {
        guard bitsComparable else { return try lookUp(action, orMake: make) }
        var bits = ActionBits()
        // Safe because bitsComparable means the action is plain data no larger than ActionBits, so the copy reads and
        // writes within both values.
        withUnsafeBytes(of: action) { source in
            withUnsafeMutableBytes(of: &bits) { $0.copyMemory(from: source) }
        }
        for index in recentBits.indices where recentBits[index] == bits { return recentEncoded[index] }
        let encoded = try lookUp(action, orMake: make)
        if recentBits.count < Self.recentCount {
            recentBits.append(bits)
            recentEncoded.append(encoded)
        } else {
            recentBits[nextRecent] = bits
            recentEncoded[nextRecent] = encoded
            nextRecent = (nextRecent + 1) % Self.recentCount
        }
        return encoded
    }

    private func lookUp(_ action: Action, orMake make: (Action) throws -> EncodedAction) rethrows -> EncodedAction {
        if let cached = entries[action] { return cached }
        let made = try make(action)
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        entries[action] = made
        return made
    }
}

/// The bits of a small plain-data action, zero-padded to 16 bytes.
private struct ActionBits: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0
}
