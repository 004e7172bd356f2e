import Foundation

/// The `Decoder` handed to `init(from:)`; one per nested value.
///
/// The coding path is a parent link plus the last keys, assembled only when asked for (errors,
/// mostly), because building an array per value would cost more than decoding most values.
final class JSONDecoderCore: Decoder {
    let value: JSONValue
    let options: JSONDecoderOptions
    private let parent: JSONDecoderCore?
    private let nestingPath: [any CodingKey]
    private let key: (any CodingKey)?

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    var codingPath: [any CodingKey] {
        var path = (parent?.codingPath ?? []) + nestingPath
        if let key { path.append(key) }
        return path
    }

    init(
        value: JSONValue, options: JSONDecoderOptions, parent: JSONDecoderCore?, nestingPath: [any CodingKey],
        key: (any CodingKey)?
    ) {
        self.value = value
        self.options = options
        self.parent = parent
        self.nestingPath = nestingPath
        self.key = key
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(keyedBy: type, nestingPath: [])
    }

    func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type, nestingPath: [any CodingKey]) throws
        -> KeyedDecodingContainer<Key>
    {
        guard case .object(let object) = value else {
            throw JSONDecodingError.typeMismatch("an object", found: value, at: codingPath)
        }
        return KeyedDecodingContainer(JSONKeyedDecodingContainer<Key>(object: object, decoder: self, nestingPath: nestingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw JSONDecodingError.typeMismatch("an array", found: value, at: codingPath)
        }
        return JSONUnkeyedDecodingContainer(elements: elements, decoder: self, nestingPath: [])
    }

    /// A decoder for `value` one key below this one.
    func child(_ value: JSONValue, nestingPath: [any CodingKey], key: any CodingKey) -> JSONDecoderCore {
        JSONDecoderCore(value: value, options: options, parent: self, nestingPath: nestingPath, key: key)
    }

    func decodeChild<T: Decodable>(_ type: T.Type, from value: JSONValue, nestingPath: [any CodingKey], key: any CodingKey)
        throws -> T
    {
        if let special = try JSONDecoderCore.specialValue(
            type, from: value, codingPath: self.codingPath + nestingPath + [key], options: options)
        {
            return special
        }
        return try T(from: child(value, nestingPath: nestingPath, key: key))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueDecodingContainer(decoder: self)
    }

    // MARK: - Values

    static func decodeValue<T: Decodable>(_ type: T.Type, from value: JSONValue, options: JSONDecoderOptions) throws -> T {
        if let special = try specialValue(type, from: value, codingPath: [], options: options) {
            return special
        }
        return try T(from: JSONDecoderCore(value: value, options: options, parent: nil, nestingPath: [], key: nil))
    }

    static func specialValue<T: Decodable>(
        _ type: T.Type, from value: JSONValue, codingPath: @autoclosure () -> [any CodingKey], options: JSONDecoderOptions
    ) throws -> T? {
        guard T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == UUID.self
            || T.self == Decimal.self
        else { return nil }
        let codingPath = codingPath()
        if T.self == Date.self {
            return try date(from: value, codingPath: codingPath, options: options) as? T
        }
        if T.self == Data.self {
            let text = try string(from: value, expected: "a base64 string", codingPath: codingPath)
            guard let data = Data(base64Encoded: text) else {
                throw corrupted("\(JSONCodingPath.describe(value)) is not valid base64.", codingPath)
            }
            return data as? T
        }
        if T.self == URL.self {
            let text = try string(from: value, expected: "a URL string", codingPath: codingPath)
            guard let url = URL(string: text) else {
                throw corrupted("\(JSONCodingPath.describe(value)) is not a valid URL.", codingPath)
            }
            return url as? T
        }
        if T.self == UUID.self {
            let text = try string(from: value, expected: "a UUID string", codingPath: codingPath)
            guard let uuid = UUID(uuidString: text) else {
                throw corrupted("\(JSONCodingPath.describe(value)) is not a valid UUID.", codingPath)
            }
            return uuid as? T
        }
        if T.self == Decimal.self {
            return try decimal(from: value, codingPath: codingPath) as? T
        }
        return nil
    }

    private static func corrupted(_ message: String, _ codingPath: [any CodingKey]) -> JSONDecodingError {
        JSONDecodingError(code: .dataCorrupted, codingPath: codingPath, message: message)
    }

    private static func string(from value: JSONValue, expected: String, codingPath: [any CodingKey]) throws -> String {
        guard case .string(let text) = value else {
            throw JSONDecodingError.typeMismatch(expected, found: value, at: codingPath)
        }
        return text
    }

    private static func date(from value: JSONValue, codingPath: [any CodingKey], options: JSONDecoderOptions) throws -> Date {
        switch options.dateStrategy {
        case .iso8601:
            let text = try string(from: value, expected: "an ISO 8601 date string", codingPath: codingPath)
            guard let date = ISO8601Timestamp.parse(text) else {
                throw corrupted("\(JSONCodingPath.describe(value)) is not an ISO 8601 date such as \"2024-03-01T12:34:56.789Z\".", codingPath)
            }
            return date
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try double(from: value, codingPath: codingPath))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try double(from: value, codingPath: codingPath) / 1000)
        }
    }

    private static func decimal(from value: JSONValue, codingPath: [any CodingKey]) throws -> Decimal {
        let text: String
        switch value {
        case .integer(let integer): return Decimal(integer)
        case .unsigned(let unsigned): return Decimal(unsigned)
        case .double(let double): text = double.description
        case .bigNumber(let big): text = big
        default: throw JSONDecodingError.typeMismatch("Decimal", found: value, at: codingPath)
        }
        guard let decimal = Decimal(string: text) else {
            throw corrupted("\(text) does not fit in Decimal.", codingPath)
        }
        return decimal
    }

    static func bool(from value: JSONValue, codingPath: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let bool) = value else { throw JSONDecodingError.typeMismatch("Bool", found: value, at: codingPath()) }
        return bool
    }

    static func string(from value: JSONValue, codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
        guard case .string(let string) = value else {
            throw JSONDecodingError.typeMismatch("String", found: value, at: codingPath())
        }
        return string
    }

    static func double(from value: JSONValue, codingPath: @autoclosure () -> [any CodingKey]) throws -> Double {
        switch value {
        case .integer(let integer): return Double(integer)
        case .unsigned(let unsigned): return Double(unsigned)
        case .double(let double): return double
        case .bigNumber(let text):
            if let double = Double(text), double.isFinite { return double }
            throw JSONDecodingError(code: .typeMismatch, codingPath: codingPath(), message: "\(text) does not fit in Double.")
        default: throw JSONDecodingError.typeMismatch("Double", found: value, at: codingPath())
        }
    }

    static func float(from value: JSONValue, codingPath: @autoclosure () -> [any CodingKey]) throws -> Float {
        let double = try double(from: value, codingPath: codingPath())
        let float = Float(double)
        guard float.isFinite else {
            throw JSONDecodingError(
                code: .typeMismatch, codingPath: codingPath(), message: "\(JSONCodingPath.describe(value)) does not fit in Float.")
        }
        return float
    }

    static func integer<I: FixedWidthInteger>(_ type: I.Type, from value: JSONValue, codingPath: @autoclosure () -> [any CodingKey]) throws -> I {
        let result: I?
        switch value {
        case .integer(let integer): result = I(exactly: integer)
        case .unsigned(let unsigned): result = I(exactly: unsigned)
        case .double(let double): result = I(exactly: double)
        case .bigNumber(let text): result = I(text)
        default: throw JSONDecodingError.typeMismatch(String(describing: I.self), found: value, at: codingPath())
        }
        guard let result else {
            throw JSONDecodingError(
                code: .typeMismatch, codingPath: codingPath(),
                message: "\(JSONCodingPath.describe(value)) does not fit in \(I.self).")
        }
        return result
    }
}

struct JSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let decoder: JSONDecoderCore
    /// The keys from the decoder to this container; empty unless it is a nested container.
    let nestingPath: [any CodingKey]

    var codingPath: [any CodingKey] { decoder.codingPath + nestingPath }

    var allKeys: [Key] { object.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { position(of: key.stringValue) != nil }

    /// Small objects (most of them) are scanned, which beats a binary search of generic comparisons.
    private func position(of name: String) -> Int? {
        let keys = object.keys
        if keys.count <= 8 {
            for position in keys.indices where keys[position] == name { return position }
            return nil
        }
        return object.index(forKey: name)
    }

    private func value(for key: Key) throws -> JSONValue {
        guard let position = position(of: key.stringValue) else {
            throw JSONDecodingError(
                code: .keyNotFound, codingPath: codingPath + [key],
                message: "required key \(JSONValue.string(key.stringValue).canonicalText) is missing.")
        }
        return object.values[position]
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key).isNull }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try JSONDecoderCore.bool(from: value(for: key), codingPath: codingPath + [key])
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let value = try value(for: key)
        if case .string(let string) = value { return string }
        return try JSONDecoderCore.string(from: value, codingPath: codingPath + [key])
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try JSONDecoderCore.double(from: value(for: key), codingPath: codingPath + [key])
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try JSONDecoderCore.float(from: value(for: key), codingPath: codingPath + [key])
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        // Spelled out for the most common type: the generic path looks up metadata on every call
        // because this container is itself generic over the caller's key type.
        let value = try value(for: key)
        if case .integer(let integer) = value, let result = Int(exactly: integer) { return result }
        return try JSONDecoderCore.integer(type, from: value, codingPath: codingPath + [key])
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

    private func integer<I: FixedWidthInteger>(_ type: I.Type, _ key: Key) throws -> I {
        let value = try value(for: key)
        // The common case, checked before the generic conversion.
        if case .integer(let integer) = value, let result = I(exactly: integer) { return result }
        return try JSONDecoderCore.integer(type, from: value, codingPath: codingPath + [key])
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decodeChild(type, from: value(for: key), nestingPath: nestingPath, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        guard case .object(let nested) = try value(for: key) else {
            throw JSONDecodingError.typeMismatch("an object", found: try value(for: key), at: codingPath + [key])
        }
        return KeyedDecodingContainer(
            JSONKeyedDecodingContainer<NestedKey>(object: nested, decoder: decoder, nestingPath: nestingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = try value(for: key) else {
            throw JSONDecodingError.typeMismatch("an array", found: try value(for: key), at: codingPath + [key])
        }
        return JSONUnkeyedDecodingContainer(elements: elements, decoder: decoder, nestingPath: nestingPath + [key])
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(object["super"] ?? .null, nestingPath: nestingPath, key: JSONStringKey.superKey)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(object[key.stringValue] ?? .null, nestingPath: nestingPath, key: key)
    }
}

struct JSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let decoder: JSONDecoderCore
    /// The keys from the decoder to this container; empty unless it is a nested container.
    let nestingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], decoder: JSONDecoderCore, nestingPath: [any CodingKey]) {
        self.elements = elements
        self.decoder = decoder
        self.nestingPath = nestingPath
    }

    var codingPath: [any CodingKey] { decoder.codingPath + nestingPath }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var currentPath: [any CodingKey] { codingPath + [JSONIndexKey(currentIndex)] }

    private func current(_ expected: String) throws -> JSONValue {
        guard currentIndex < elements.count else {
            throw JSONDecodingError(
                code: .valueNotFound, codingPath: currentPath,
                message: "expected \(expected), but the array has only \(elements.count) element\(elements.count == 1 ? "" : "s").")
        }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard try current("null").isNull else { return false }
        currentIndex += 1
        return true
    }

    private mutating func next<T>(_ expected: String, _ body: (JSONValue, @autoclosure () -> [any CodingKey]) throws -> T) throws -> T {
        let value = try current(expected)
        let result = try body(value, currentPath)
        currentIndex += 1
        return result
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try next("Bool") { value, path in try JSONDecoderCore.bool(from: value, codingPath: path()) }
    }
    mutating func decode(_ type: String.Type) throws -> String {
        try next("String") { value, path in try JSONDecoderCore.string(from: value, codingPath: path()) }
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        try next("Double") { value, path in try JSONDecoderCore.double(from: value, codingPath: path()) }
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        try next("Float") { value, path in try JSONDecoderCore.float(from: value, codingPath: path()) }
    }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    private mutating func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        try next("an integer") { value, path in try JSONDecoderCore.integer(type, from: value, codingPath: path()) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try current("a value")
        let result = try decoder.decodeChild(type, from: value, nestingPath: nestingPath, key: JSONIndexKey(currentIndex))
        currentIndex += 1
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try current("an object")
        let result = try decoder.child(value, nestingPath: nestingPath, key: JSONIndexKey(currentIndex)).container(keyedBy: type)
        currentIndex += 1
        return result
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = try current("an array")
        let result = try decoder.child(value, nestingPath: nestingPath, key: JSONIndexKey(currentIndex)).unkeyedContainer()
        currentIndex += 1
        return result
    }

    mutating func superDecoder() throws -> any Decoder {
        let value = try current("a value")
        let result = decoder.child(value, nestingPath: nestingPath, key: JSONIndexKey(currentIndex))
        currentIndex += 1
        return result
    }
}

struct JSONSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: JSONDecoderCore

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var value: JSONValue { decoder.value }

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try JSONDecoderCore.bool(from: value, codingPath: codingPath) }
    func decode(_ type: String.Type) throws -> String { try JSONDecoderCore.string(from: value, codingPath: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try JSONDecoderCore.double(from: value, codingPath: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try JSONDecoderCore.float(from: value, codingPath: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONDecoderCore.integer(type, from: value, codingPath: codingPath) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let special = try JSONDecoderCore.specialValue(type, from: value, codingPath: codingPath, options: decoder.options) {
            return special
        }
        return try T(from: JSONDecoderCore(value: value, options: decoder.options, parent: decoder, nestingPath: [], key: nil))
    }
}
