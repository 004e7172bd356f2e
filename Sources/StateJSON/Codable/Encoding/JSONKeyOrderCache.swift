/// Remembers, per `CodingKey` type, the layouts of the key lists it was encoded with.
///
/// Values of one type nearly always encode the same keys in the same order, so the sort runs once
/// per type. A type with optional members (`encodeIfPresent`) produces a few key lists; each gets
/// its layout, up to ``variantLimit`` per type, the most recently used first.
final class JSONKeyOrderCache {
    static let variantLimit = 8

    private var layouts: [ObjectIdentifier: [JSONObjectLayout]] = [:]

    /// The layout `keyType` was last encoded with, if any.
    func latest(for keyType: ObjectIdentifier) -> JSONObjectLayout? {
        layouts[keyType]?.first
    }

    /// A layout of `keyType` whose keys begin with `prefix[..<count]` followed by `next`.
    func layout(for keyType: ObjectIdentifier, continuing prefix: [String], count: Int, with next: String)
        -> JSONObjectLayout?
    {
        layouts[keyType]?.first { $0.continues(prefix, count: count, with: next) }
    }

    /// The layout of exactly `keys` for `keyType`, made and remembered when new.
    func layout(for keyType: ObjectIdentifier, keys: [String]) -> JSONObjectLayout {
        var variants = layouts[keyType] ?? []
        if let index = variants.firstIndex(where: { $0.keys == keys }) {
            let found = variants[index]
            if index > 0 {
                variants.remove(at: index)
                variants.insert(found, at: 0)
                layouts[keyType] = variants
            }
            return found
        }
        let layout = JSONObjectLayout(keys: keys)
        variants.insert(layout, at: 0)
        if variants.count > Self.variantLimit { variants.removeLast() }
        layouts[keyType] = variants
        return layout
    }
}
