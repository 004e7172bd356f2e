extension JSONValue {
    /// Whether two values are the same JSON data, comparing numbers by value: what a patch `test`
    /// operation and the predicates' `==` check (RFC 6902: numbers are equal when their values are
    /// numerically equal; strings and keys when they have the same Unicode scalars).
    ///
    /// `==` tells `1` from `1.0` because they are different cases; JSON itself does not. Numbers are
    /// compared exactly, by the decimal value their text says (see ``compareNumbers(_:_:)``).
    ///
    /// ```swift
    /// JSONValue.integer(1).isEquivalent(to: .double(1.0))                          // true
    /// JSONValue.integer(1) == .double(1.0)                                          // false
    /// JSONValue.bigNumber("1e400").isEquivalent(to: .bigNumber("10e399"))          // true
    /// JSONValue.bigNumber("1e400").isEquivalent(to: .bigNumber("2e400"))           // false
    /// JSONValue.string("\u{E9}").isEquivalent(to: .string("e\u{301}"))             // false
    /// ```
    public func isEquivalent(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.array(let lhs), .array(let rhs)):
            guard lhs.count == rhs.count else { return false }
            for index in lhs.indices where !lhs[index].isEquivalent(to: rhs[index]) { return false }
            return true
        case (.object(let lhs), .object(let rhs)):
            guard JSONObject.sameKeys(lhs.keys, rhs.keys) else { return false }
            for index in lhs.values.indices where !lhs.values[index].isEquivalent(to: rhs.values[index]) {
                return false
            }
            return true
        default:
            if self == other { return true }
            if let order = JSONValue.compareNumbers(self, other) { return order == 0 }
            return false
        }
    }

    /// The numeric order of two numbers (-1, 0 or 1), or `nil` when either is not a number.
    ///
    /// Exact for every pair: each number stands for the decimal its JSON text says, and a `.double`
    /// for its shortest round-trip text, the one the serializer writes (`0.1` is `0.1`, not the
    /// binary fraction nearest to it). So `9007199254740993` is above the double
    /// `9007199254740992.0`, `18446744073709551617` above `18446744073709551616`, `2e400` above
    /// `1e400`; `1` equals `1.0` and `0` equals `-0.0`.
    package static func compareNumbers(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): return order(a, b)
        case (.unsigned(let a), .unsigned(let b)): return order(a, b)
        // `.unsigned` only holds values above Int64.max.
        case (.integer, .unsigned): return -1
        case (.unsigned, .integer): return 1
        // Distinct doubles have distinct shortest texts, in the same order.
        case (.double(let a), .double(let b)) where a.isFinite && b.isFinite: return order(a, b)
        // An integer of at most 2⁵³ is a double exactly, and an integral double of at most 2⁵³ is
        // written as that integer, so comparing as doubles is exact.
        case (.integer(let a), .double(let b)) where a.magnitude <= 1 << 53 && b.isFinite: return order(Double(a), b)
        case (.double(let a), .integer(let b)) where b.magnitude <= 1 << 53 && a.isFinite: return order(a, Double(b))
        default:
            guard let a = JSONDecimal(lhs), let b = JSONDecimal(rhs) else { return nil }
            return JSONDecimal.compare(a, b)
        }
    }

    private static func order<Number: Comparable>(_ lhs: Number, _ rhs: Number) -> Int {
        lhs < rhs ? -1 : (lhs == rhs ? 0 : 1)
    }
}
