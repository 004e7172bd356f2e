import Foundation
import StateJSON

/// The `Decoder` handed to `init(from:)`.
///
/// Decoders are reused (see ``JSONDecoderOptions/makeDecoder(value:parent:step:)``) and hand out
/// their keyed container again for the next object of the same key type (see ``JSONCoderHandle``),
/// so decoding an object allocates nothing of its own. The coding path is a parent link plus this
/// value's step, assembled only when asked for (errors, mostly). Nested containers and super
/// decoders get a decoder of their own.
final class JSONDecoderCore: Decoder, JSONReusableCore {
    let options: JSONDecoderOptions
    /// Whether the decoder comes from, and goes back to, the options' spares.
    private let reusable: Bool
    // Unchecked exclusivity, as in `JSONEncoderCore`: touched on every call, never overlapping.
    // Safe because a decoder is used by one decode call on one thread, and no access to these properties spans a call
    // that could reach them again.
    @exclusivity(unchecked) private(set) var value: JSONValue
    /// The object a keyed container reads, once one was asked for.
    @exclusivity(unchecked) private var object = JSONObject()
    @exclusivity(unchecked) private var parent: JSONDecoderCore?
    @exclusivity(unchecked) private var step: JSONPathStep
    /// A child type that is not decoded specially, so that a parent decoding many values of one
    /// type (an array's elements) checks for that once.
    @exclusivity(unchecked) private var plainChildType: ObjectIdentifier?
    /// The keyed container last handed out, a `KeyedDecodingContainer` of the key type.
    @exclusivity(unchecked) private var keptContainer: JSONKeptContainer<JSONDecoderCore>?

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    var codingPath: [any CodingKey] { step.appended(to: parent?.codingPath ?? []) }

    init(value: JSONValue, options: JSONDecoderOptions, reusable: Bool, parent: JSONDecoderCore?, step: JSONPathStep) {
        self.value = value
        self.options = options
        self.reusable = reusable
        self.parent = parent
        self.step = step
    }

    func prepare(value: JSONValue, parent: JSONDecoderCore?, step: JSONPathStep) {
        self.value = value
        self.parent = parent
        self.step = step
    }

    /// Readies the decoder for its next value; `false` when someone kept its keyed container.
    func clearForReuse() -> Bool {
        parent = nil
        return !releaseKeptContainerIfShared()
    }

    /// Hands the kept container over to its handle when someone else holds it too, so that it stays
    /// usable; returns whether it did.
    @discardableResult
    func releaseKeptContainerIfShared() -> Bool {
        JSONKeptContainer.releaseIfShared(&keptContainer, of: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw JSONDecodingError.typeMismatch("an object", found: value, at: codingPath)
        }
        self.object = object
        let keyType = ObjectIdentifier(Key.self)
        // As in `JSONEncoderCore`: a `KeyedDecodingContainer` is one reference to its box.
        guard reusable, MemoryLayout<KeyedDecodingContainer<Key>>.size == MemoryLayout<AnyObject>.size else {
            let handle = JSONCoderHandle(core: self, owned: true)
            return KeyedDecodingContainer(JSONKeyedDecodingContainer<Key>(handle: handle))
        }
        // Safe because the guard above proves KeyedDecodingContainer<Key> is one reference, and the kept box was made
        // for this Key (keyType), so both casts only retype that reference.
        let container = JSONKeptContainer.reuse(&keptContainer, keyType: keyType, core: self) { handle in
            unsafeBitCast(KeyedDecodingContainer(JSONKeyedDecodingContainer<Key>(handle: handle)), to: AnyObject.self)
        }
        return unsafeBitCast(container, to: KeyedDecodingContainer<Key>.self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw JSONDecodingError.typeMismatch("an array", found: value, at: codingPath)
        }
        return JSONUnkeyedDecodingContainer(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueDecodingContainer(decoder: self)
    }

    // MARK: - Members

    /// Small objects (most of them) are scanned, which beats a binary search of generic comparisons.
    /// Either way a key matches only with the same Unicode scalars, as ``JSONObject`` looks keys up.
    func member(named name: String) -> JSONValue? {
        let keys = object.keys
        if keys.count <= 8 {
            for position in keys.indices where JSONObject.sameKey(keys[position], name) { return object.values[position] }
            return nil
        }
        return object.index(forKey: name).map { object.values[$0] }
    }

    var memberNames: [String] { object.keys }

    /// A decoder of its own for a nested container or super decoder at `step`.
    func nestedDecoder(_ value: JSONValue, at step: JSONPathStep) -> JSONDecoderCore {
        JSONDecoderCore(value: value, options: options, reusable: false, parent: self, step: step)
    }

    // MARK: - Values

    /// Decodes a `T` from `value`, found at `step` under `parent`.
    static func decodeValue<T: Decodable>(
        _ type: T.Type, from value: JSONValue, options: JSONDecoderOptions, parent: JSONDecoderCore?, step: JSONPathStep
    ) throws -> T {
        let typeIdentifier = ObjectIdentifier(T.self)
        if parent?.plainChildType != typeIdentifier {
            if let special = try specialValue(
                type, from: value, codingPath: step.appended(to: parent?.codingPath ?? []), options: options)
            {
                return special
            }
            parent?.plainChildType = typeIdentifier
        }
        var decoder = options.makeDecoder(value: value, parent: parent, step: step)
        let result: T
        do {
            result = try T(from: decoder)
        } catch {
            decoder.releaseKeptContainerIfShared()
            throw error
        }
        options.recycle(&decoder)
        return result
    }

    func decodeChild<T: Decodable>(_ type: T.Type, from value: JSONValue, at step: JSONPathStep) throws -> T {
        try JSONDecoderCore.decodeValue(type, from: value, options: options, parent: self, step: step)
    }

    static func specialValue<T: Decodable>(
        _ type: T.Type, from value: JSONValue, codingPath: @autoclosure () -> [any CodingKey], options: JSONDecoderOptions
    ) throws -> T? {
        guard T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == UUID.self
            || T.self == Decimal.self || T.self == JSONValue.self
        else { return nil }
        if T.self == JSONValue.self { return value as? T }
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
        case .secondsSinceReferenceDate:
            switch value {
            case .integer, .unsigned, .double, .bigNumber:
                return Date(timeIntervalSinceReferenceDate: try double(from: value, codingPath: codingPath))
            case .string(let text):
                return try iso8601Date(text, codingPath: codingPath)
            default:
                throw JSONDecodingError.typeMismatch(
                    "a date (seconds since 2001-01-01 or an ISO 8601 string)", found: value, at: codingPath)
            }
        case .iso8601:
            let text = try string(from: value, expected: "an ISO 8601 date string", codingPath: codingPath)
            return try iso8601Date(text, codingPath: codingPath)
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try double(from: value, codingPath: codingPath))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try double(from: value, codingPath: codingPath) / 1000)
        }
    }

    private static func iso8601Date(_ text: String, codingPath: [any CodingKey]) throws -> Date {
        guard let date = ISO8601Timestamp.parse(text) else {
            throw corrupted(
                "\(JSONCodingPath.describe(.string(text))) is not an ISO 8601 date such as \"2024-03-01T12:34:56.789Z\".",
                codingPath)
        }
        return date
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
