/// The members of a JSON object, kept sorted by key with no key twice.
///
/// Keeping the order canonical at all times means equal objects compare equal member by member,
/// serialize to the same bytes without a sort, diff by a linear merge, and look up a key by binary
/// search. Keys compare by their UTF-8 bytes (the order of ``Swift/String/<(_:_:)`` on Unicode
/// scalars would differ for some keys; byte order is what every other JSON tool can reproduce).
///
/// ```swift
/// var object = JSONObject()
/// object["b"] = 2
/// object["a"] = 1
/// object.keys     // ["a", "b"]
/// ```
public struct JSONObject: Sendable, Hashable {
    /// The keys, in ascending UTF-8 byte order.
    public private(set) var keys: [String]
    /// The values, `values[i]` belonging to `keys[i]`.
    public private(set) var values: [JSONValue]

    /// An empty object.
    public init() {
        keys = []
        values = []
    }

    /// An object with the given members, in any order; when a key repeats, the last value wins.
    public init<S: Sequence>(_ members: S) where S.Element == (String, JSONValue) {
        var pairs = Array(members)
        var sorted = true
        if pairs.count > 1 {
            for index in 1..<pairs.count where !JSONObject.precedes(pairs[index - 1].0, pairs[index].0) {
                sorted = false
                break
            }
        }
        if !sorted {
            // A stable sort keeps repeated keys in input order, so the last one can win below.
            pairs = pairs.enumerated().sorted { lhs, rhs in
                if JSONObject.sameKey(lhs.element.0, rhs.element.0) { return lhs.offset < rhs.offset }
                return JSONObject.precedes(lhs.element.0, rhs.element.0)
            }.map(\.element)
        }
        keys = []
        values = []
        keys.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            if let last = keys.last, JSONObject.sameKey(last, key) {
                values[values.count - 1] = value
            } else {
                keys.append(key)
                values.append(value)
            }
        }
    }

    /// Builds an object from keys that are already sorted and unique.
    ///
    /// - Precondition: `keys` has as many elements as `values` (always checked), and is in ascending
    ///   UTF-8 order without repeats (not checked).
    public init(uncheckedSortedKeys keys: [String], values: [JSONValue]) {
        precondition(keys.count == values.count,
                     "JSONObject: \(keys.count) keys and \(values.count) values; every key needs one value.")
        self.keys = keys
        self.values = values
    }

    /// The number of members.
    @inlinable
    public var count: Int { keys.count }

    /// `true` when the object has no members.
    @inlinable
    public var isEmpty: Bool { keys.isEmpty }

    /// The members in key order.
    public var members: Zip2Sequence<[String], [JSONValue]> { zip(keys, values) }

    /// The position of `key`, or `nil` when the object has no such member.
    public func index(forKey key: String) -> Int? {
        let position = insertionPoint(for: key)
        if position < keys.count, JSONObject.sameKey(keys[position], key) { return position }
        return nil
    }

    /// The value for `key`; setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = index(forKey: key) else { return nil }
            return values[position]
        }
        set {
            let position = insertionPoint(for: key)
            let present = position < keys.count && JSONObject.sameKey(keys[position], key)
            switch (present, newValue) {
            case (true, let value?): values[position] = value
            case (true, nil):
                keys.remove(at: position)
                values.remove(at: position)
            case (false, let value?):
                keys.insert(key, at: position)
                values.insert(value, at: position)
            case (false, nil): break
            }
        }
    }

    /// Removes the member named `key` and returns its value, if there was one.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = index(forKey: key) else { return nil }
        keys.remove(at: position)
        return values.remove(at: position)
    }

    /// Replaces the value at a position found with ``index(forKey:)``.
    public mutating func setValue(_ value: JSONValue, at position: Int) {
        values[position] = value
    }

    /// Whether `lhs` sorts before `rhs` in the canonical key order (UTF-8 bytes, ascending).
    @inlinable
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    /// Whether two keys are the same JSON key: the same UTF-8 bytes. `String`'s `==` would also
    /// match keys that differ in bytes but not in meaning ("é" as one code point, or as "e" and an
    /// accent), which JSON, and the byte order of keys, tell apart.
    static func sameKey(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.elementsEqual(rhs.utf8)
    }

    private func insertionPoint(for key: String) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if JSONObject.precedes(keys[middle], key) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Builds an object; when a key repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
