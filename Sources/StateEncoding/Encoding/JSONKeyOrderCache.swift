import StateJSON

/// Remembers, per `CodingKey` type, the layouts of the key lists it was encoded with.
///
/// Values of one type nearly always encode the same keys in the same order, so the sort runs once
/// per type. A type with optional members (`encodeIfPresent`) produces a few key lists; each gets
/// its layout, up to ``variantLimit`` per type, the most recently used first. A key type that
/// needs more (the keys of dictionaries) is marked unsteady, and its objects are sorted one by one.
final class JSONKeyOrderCache {
    static let variantLimit = 8

    private enum Entry {
        case layouts([JSONObjectLayout])
        case unsteady
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    /// The layout `keyType` was last encoded with, if any.
    func latest(for keyType: ObjectIdentifier) -> JSONObjectLayout? {
        guard case .layouts(let variants) = entries[keyType] else { return nil }
        return variants.first
    }

    /// A layout of `keyType` whose keys begin with `prefix[..<count]` followed by `next`.
    func layout(for keyType: ObjectIdentifier, continuing prefix: [String], count: Int, with next: String)
        -> JSONObjectLayout?
    {
        guard case .layouts(let variants) = entries[keyType] else { return nil }
        return variants.first { $0.continues(prefix, count: count, with: next) }
    }

    /// The layout of exactly `keys` for `keyType`, made and remembered when new; `nil` when the key
    /// type is unsteady.
    func layout(for keyType: ObjectIdentifier, keys: [String]) -> JSONObjectLayout? {
        var variants: [JSONObjectLayout]
        switch entries[keyType] {
        case .unsteady: return nil
        case .layouts(let known): variants = known
        case nil: variants = []
        }
        if let index = variants.firstIndex(where: { JSONObject.sameKeys($0.keys, keys) }) {
            let found = variants[index]
            if index > 0 {
                variants.remove(at: index)
                variants.insert(found, at: 0)
                entries[keyType] = .layouts(variants)
            }
            return found
        }
        guard variants.count < Self.variantLimit else {
            entries[keyType] = .unsteady
            return nil
        }
        let layout = JSONObjectLayout(keys: keys)
        variants.insert(layout, at: 0)
        entries[keyType] = .layouts(variants)
        return layout
    }
}
