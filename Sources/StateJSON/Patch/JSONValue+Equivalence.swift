extension JSONValue {
    /// Whether two values are the same JSON data, comparing numbers by value.
    ///
    /// `==` tells `1` from `1.0` because they are different cases; JSON itself does not, and
    /// neither do patch `test` operations and predicates.
    ///
    /// ```swift
    /// JSONValue.integer(1).isEquivalent(to: .double(1.0))     // true
    /// JSONValue.integer(1) == .double(1.0)                     // false
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
    static func compareNumbers(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.unsigned(let a), .unsigned(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        // `.unsigned` only holds values above Int64.max.
        case (.integer, .unsigned): return -1
        case (.unsigned, .integer): return 1
        default:
            guard lhs.kind == .number, rhs.kind == .number,
                  let a = lhs.doubleValue, let b = rhs.doubleValue else { return nil }
            if a == b, let exactA = lhs.int64Value, let exactB = rhs.int64Value {
                return exactA < exactB ? -1 : (exactA == exactB ? 0 : 1)
            }
            return a < b ? -1 : (a == b ? 0 : 1)
        }
    }
}
