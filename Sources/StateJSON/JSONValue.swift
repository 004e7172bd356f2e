/// A JSON document held as a tree of values.
///
/// `JSONValue` is the currency of statedbg: states, actions, patches and journal lines all pass
/// through it. Numbers keep what they were: an `Int64` stays `.integer`, a `UInt64` above
/// `Int64.max` stays `.unsigned`, a `Double` stays `.double` (so `1.0` does not turn into `1`), and a
/// number that fits none of them (a 40-digit integer, a high-precision `Decimal`) keeps its exact text
/// in `.bigNumber`.
///
/// Objects keep their members sorted by key (see ``JSONObject``), so two equal values always have the
/// same canonical text and the same hash. Equality is that of the text: strings and keys compare by
/// their Unicode scalars, never by Swift's canonical equivalence (see ``==(_:_:)``).
///
/// ```swift
/// let user: JSONValue = ["id": 7, "name": "Blob", "tags": ["admin"]]
/// user["name"]            // .string("Blob")
/// user["tags"]?[0]        // .string("admin")
/// ```
public enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits in `Int64`.
    case integer(Int64)
    /// An integer above `Int64.max` that fits in `UInt64`.
    case unsigned(UInt64)
    /// A finite binary floating-point number.
    case double(Double)
    /// A number kept as its exact JSON text because no other case holds it without loss.
    case bigNumber(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members sorted by key.
    case object(JSONObject)
}

extension JSONValue {
    /// The kind of a value, for messages and type checks.
    public enum Kind: String, Sendable, Hashable, CustomStringConvertible {
        case null, bool, number, string, array, object

        /// The kind's name, as messages show it: `number`, `object`.
        public var description: String { rawValue }
    }

    /// The kind of this value; all four number cases are `.number`.
    @inlinable
    public var kind: Kind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .integer, .unsigned, .double, .bigNumber: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// The member named `key` when this is an object, else `nil`.
    @inlinable
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` when this is an array and the index is in range, else `nil`.
    @inlinable
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// The string, when this is a string.
    @inlinable
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The Boolean, when this is `true` or `false`.
    @inlinable
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The value as an `Int64` when it is an integer (or an integral double) that fits.
    @inlinable
    public var int64Value: Int64? {
        switch self {
        case .integer(let value): return value
        case .unsigned(let value): return Int64(exactly: value)
        case .double(let value): return Int64(exactly: value)
        case .bigNumber(let text): return Int64(text)
        default: return nil
        }
    }

    /// The value as a `Double` when it is any number (big numbers are rounded).
    @inlinable
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .unsigned(let value): return Double(value)
        case .double(let value): return value
        case .bigNumber(let text): return Double(text)
        default: return nil
        }
    }

    /// The elements, when this is an array.
    @inlinable
    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The members, when this is an object.
    @inlinable
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// `true` for `.null`.
    @inlinable
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// `nil` is JSON `null`: `let value: JSONValue = nil`.
    @inlinable
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// `true` and `false` are JSON booleans.
    @inlinable
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// An integer literal is a JSON integer: `let age: JSONValue = 42`.
    @inlinable
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// A floating-point literal is a JSON double: `let ratio: JSONValue = 0.5`.
    @inlinable
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// A string literal is a JSON string: `let name: JSONValue = "Ada"`.
    @inlinable
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// An array literal is a JSON array: `let values: JSONValue = [1, "two", nil]`.
    @inlinable
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Builds an object; when a key repeats, the last value wins.
    @inlinable
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
