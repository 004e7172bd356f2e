import Foundation

/// The `Encoder` handed to `encode(to:)`; one per nested value.
///
/// The coding path is kept as a parent link plus the last keys and only assembled when someone asks
/// for it (an error, or an `encode(to:)` that reads it), because building an array per value would
/// cost more than encoding most values.
final class JSONEncoderCore: Encoder {
    let options: JSONEncoderOptions
    private let parent: JSONEncoderCore?
    private let nestingPath: [any CodingKey]
    private let key: (any CodingKey)?
    let storage: JSONEncodingStorage
    /// The memo node of this value when an ``IncrementalJSONEncoder`` is encoding, else `nil`.
    let memo: JSONMemoNode?

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    var codingPath: [any CodingKey] {
        var path = (parent?.codingPath ?? []) + nestingPath
        if let key { path.append(key) }
        return path
    }

    init(
        options: JSONEncoderOptions, parent: JSONEncoderCore?, nestingPath: [any CodingKey], key: (any CodingKey)?,
        storage: JSONEncodingStorage, memo: JSONMemoNode?
    ) {
        self.options = options
        self.parent = parent
        self.nestingPath = nestingPath
        self.key = key
        self.storage = storage
        self.memo = memo
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        storage.begin(.object)
        storage.keyType = ObjectIdentifier(Key.self)
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<Key>(encoder: self, storage: storage, nestingPath: []))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.begin(.array)
        return JSONUnkeyedEncodingContainer(encoder: self, storage: storage, nestingPath: [])
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueEncodingContainer(encoder: self)
    }

    // MARK: - Values

    /// Encodes `value`, found at the path of `parent` followed by `nestingPath` and `key`, using the
    /// memo when one is given.
    static func encodeValue<T: Encodable>(
        _ value: T, options: JSONEncoderOptions, parent: JSONEncoderCore?, nestingPath: [any CodingKey],
        key: (any CodingKey)?, memo: JSONMemoNode?
    ) throws -> JSONValue {
        if let special = try specialValue(
            value, options: options,
            path: { (parent?.codingPath ?? []) + nestingPath + (key.map { [$0] } ?? []) })
        {
            return special
        }
        func makeEncoder() -> JSONEncoderCore {
            JSONEncoderCore(
                options: options, parent: parent, nestingPath: nestingPath, key: key, storage: JSONEncodingStorage(),
                memo: memo)
        }
        if let memo, let reused = try memo.reusedEncoding(of: value, encoder: makeEncoder) { return reused }
        let encoder = makeEncoder()
        let storage = encoder.storage
        try value.encode(to: encoder)
        let result = storage.resolve(options.keyOrders)
        // Scalars cost less to encode again than to remember and compare.
        switch result {
        case .array, .object: memo?.remember(value, encoded: result)
        default: break
        }
        return result
    }

    /// Encodes a nested value under `key`, which this encoder's memo also uses to find the child's.
    func encodeChild<T: Encodable>(
        _ value: T, nestingPath: [any CodingKey], key: any CodingKey, memoKey: JSONMemoNode.Key
    ) throws -> JSONValue {
        try JSONEncoderCore.encodeValue(
            value, options: options, parent: self, nestingPath: nestingPath, key: key, memo: memo?.child(memoKey))
    }

    /// A child encoder for a super encoder, writing into `storage`.
    func child(nestingPath: [any CodingKey], key: any CodingKey, storage: JSONEncodingStorage) -> JSONEncoderCore {
        JSONEncoderCore(options: options, parent: self, nestingPath: nestingPath, key: key, storage: storage, memo: nil)
    }

    /// The JSON for types that JSON encodes specially, or `nil` for everything else.
    private static func specialValue<T: Encodable>(
        _ value: T, options: JSONEncoderOptions, path: () -> [any CodingKey]
    ) throws -> JSONValue? {
        if T.self == Date.self, let date = value as? Date {
            switch options.dateStrategy {
            case .iso8601: return .string(ISO8601Timestamp.format(date))
            case .secondsSince1970: return try double(date.timeIntervalSince1970, path: path)
            case .millisecondsSince1970:
                let milliseconds = date.timeIntervalSince1970 * 1000
                if let whole = Int64(exactly: milliseconds) { return .integer(whole) }
                return try double(milliseconds, path: path)
            }
        }
        if T.self == Data.self, let data = value as? Data { return .string(data.base64EncodedString()) }
        if T.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
        if T.self == UUID.self, let uuid = value as? UUID { return .string(uuid.uuidString) }
        if T.self == Decimal.self, let decimal = value as? Decimal { return try decimalValue(decimal, path: path) }
        return nil
    }

    static func decimalValue(_ decimal: Decimal, path: () -> [any CodingKey]) throws -> JSONValue {
        guard !decimal.isNaN else {
            throw JSONEncodingError(codingPath: path(), message: "a NaN Decimal cannot be encoded as JSON.")
        }
        let text = decimal.description
        if let integer = Int64(text) { return .integer(integer) }
        return .bigNumber(text)
    }

    static func double(_ value: Double, path: () -> [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw JSONEncodingError(
                codingPath: path(), message: "\(value) cannot be encoded because JSON has no NaN or infinity.")
        }
        return .double(value)
    }

    static func float(_ value: Float, path: () -> [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw JSONEncodingError(
                codingPath: path(), message: "\(value) cannot be encoded because JSON has no NaN or infinity.")
        }
        // The shortest Float text read as a Double keeps `0.1` from turning into 0.10000000149011612.
        return .double(Double(value.description) ?? Double(value))
    }

    static func unsigned(_ value: UInt64) -> JSONValue {
        value > UInt64(Int64.max) ? .unsigned(value) : .integer(Int64(value))
    }
}
