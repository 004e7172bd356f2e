// Safe because the values' storage, a class the compiler cannot see is shareable (hence `@unchecked`), is
// filled before any object holds it and never written while shared (a write copies it first, see `setValue`).
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
public struct JSONObject: @unchecked Sendable, Hashable {
    /// The keys, in ascending UTF-8 byte order.
    public private(set) var keys: [String]
    @usableFromInline
    var _storage: _JSONValueStorage

    /// The values, `values[i]` belonging to `keys[i]`.
    @inlinable
    public var values: Values { Values(storage: _storage) }

    /// An empty object.
    public init() {
        keys = []
        _storage = ._empty
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
        var keys: [String] = []
        var values: [JSONValue] = []
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
        self.keys = keys
        _storage = keys.isEmpty ? ._empty : .make(copying: values)
    }

    /// Builds an object from keys that are already sorted and unique.
    ///
    /// - Precondition: `keys` has as many elements as `values` (always checked), and is in ascending
    ///   UTF-8 order without repeats (not checked).
    public init(uncheckedSortedKeys keys: [String], values: [JSONValue]) {
        precondition(keys.count == values.count,
                     "JSONObject: \(keys.count) keys and \(values.count) values; every key needs one value.")
        self.keys = keys
        _storage = keys.isEmpty ? ._empty : .make(copying: values)
    }

    /// Builds an object around storage its builder filled; the same preconditions as
    /// ``init(uncheckedSortedKeys:values:)``.
    @usableFromInline
    package init(uncheckedSortedKeys keys: [String], storage: _JSONValueStorage) {
        precondition(keys.count == storage.count,
                     "JSONObject: \(keys.count) keys and \(storage.count) values; every key needs one value.")
        self.keys = keys
        self._storage = storage
    }

    /// The number of members.
    @inlinable
    public var count: Int { keys.count }

    /// `true` when the object has no members.
    @inlinable
    public var isEmpty: Bool { keys.isEmpty }

    /// The members in key order.
    public var members: Zip2Sequence<[String], Values> { zip(keys, values) }

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
            case (true, let value?): setValue(value, at: position)
            case (true, nil): _ = remove(at: position)
            case (false, let value?): insert(key, value, at: position)
            case (false, nil): break
            }
        }
    }

    /// Removes the member named `key` and returns its value, if there was one.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = index(forKey: key) else { return nil }
        return remove(at: position)
    }

    /// Replaces the value at a position found with ``index(forKey:)``.
    ///
    /// - Precondition: `0 <= position < count`.
    public mutating func setValue(_ value: JSONValue, at position: Int) {
        precondition(position >= 0 && position < count, "JSONObject: position \(position) is out of range.")
        if !isKnownUniquelyReferenced(&_storage) { _storage = _storage.copy() }
        _storage.elements[position] = value
    }

    /// Two objects are equal when they have the same keys (the same Unicode scalars, see
    /// ``sameKey(_:_:)``) with equal values.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        sameKeys(lhs.keys, rhs.keys) && lhs.values == rhs.values
    }

    /// Hashes the keys' bytes and then the values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys.count)
        for key in keys { key.hashScalars(into: &hasher) }
        hasher.combine(values)
    }

    private mutating func remove(at position: Int) -> JSONValue {
        keys.remove(at: position)
        let removed = _storage.elements[position]
        let smaller = _JSONValueStorage.make(capacity: keys.count)
        for index in 0..<_storage.count where index != position { smaller.appendUnchecked(_storage.elements[index]) }
        _storage = smaller
        return removed
    }

    private mutating func insert(_ key: String, _ value: JSONValue, at position: Int) {
        keys.insert(key, at: position)
        let larger = _JSONValueStorage.make(capacity: keys.count)
        for index in 0..<position { larger.appendUnchecked(_storage.elements[index]) }
        larger.appendUnchecked(value)
        for index in position..<_storage.count { larger.appendUnchecked(_storage.elements[index]) }
        _storage = larger
    }

    /// Whether `lhs` sorts before `rhs` in the canonical key order (UTF-8 bytes, ascending).
    @inlinable
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    /// Whether two keys are the same JSON key: the same UTF-8 bytes. `String`'s `==` would also
    /// match keys that differ in bytes but not in meaning ("é" as one code point, or as "e" and an
    /// accent), which JSON, and the byte order of keys, tell apart.
    @inlinable @inline(__always)
    package static func sameKey(_ lhs: String, _ rhs: String) -> Bool {
        lhs.hasSameScalars(as: rhs)
    }

    // Safe because only the addresses are compared.
    /// Whether two lists of keys are the same keys in the same order, by ``sameKey(_:_:)``; lists
    /// that share storage (objects of one template, or one object's copies) answer at once.
    package static func sameKeys(_ lhs: [String], _ rhs: [String]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        let shared = lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
        }
        if shared { return true }
        for index in lhs.indices where !sameKey(lhs[index], rhs[index]) { return false }
        return true
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

extension JSONObject: CustomReflectable {
    /// The keys and the values, as an array: what printing, `dump` and reflection (the recorder's
    /// action labels among them) show, rather than the storage that holds the values.
    public var customMirror: Mirror {
        Mirror(self, children: ["keys": keys, "values": Array(values)], displayStyle: .struct)
    }
}
