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
