import Foundation

/// Where one encoder writes: a single value, the elements of an array, or the members of an object.
///
/// Nested containers and super encoders write into their own storage that the parent refers to, so
/// the storage is a class and the tree is assembled into ``JSONValue``s once encoding returns.
final class JSONEncodingStorage {
    enum Slot {
        case value(JSONValue)
        case nested(JSONEncodingStorage)
    }

    enum Shape {
        case empty, single, array, object
    }

    var shape = Shape.empty
    var single = JSONValue.null
    var elements: [Slot] = []
    var keys: [String] = []
    var members: [Slot] = []

    func resolve() -> JSONValue {
        switch shape {
        case .empty: return .object(JSONObject())
        case .single: return single
        case .array: return .array(elements.map(JSONEncodingStorage.resolve))
        case .object:
            let values = members.map(JSONEncodingStorage.resolve)
            return .object(JSONEncodingStorage.makeObject(keys: keys, values: values))
        }
    }

    private static func resolve(_ slot: Slot) -> JSONValue {
        switch slot {
        case .value(let value): value
        case .nested(let storage): storage.resolve()
        }
    }

    /// Sorts members into canonical order; when a key was encoded twice the later one wins.
    static func makeObject(keys: [String], values: [JSONValue]) -> JSONObject {
        var sorted = true
        for position in keys.indices.dropFirst() where !JSONObject.precedes(keys[position - 1], keys[position]) {
            sorted = false
            break
        }
        if sorted { return JSONObject(uncheckedSortedKeys: keys, values: values) }
        return JSONObject(zip(keys, values))
    }
}

/// The `Encoder` handed to `encode(to:)`; one per nested value.
final class JSONEncoderCore: Encoder {
    let options: JSONEncoderOptions
    let codingPath: [any CodingKey]
    let storage: JSONEncodingStorage
    /// The memo node of this value when an ``IncrementalJSONEncoder`` is encoding, else `nil`.
    let memo: JSONMemoNode?

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    init(options: JSONEncoderOptions, codingPath: [any CodingKey], storage: JSONEncodingStorage, memo: JSONMemoNode?) {
        self.options = options
        self.codingPath = codingPath
        self.storage = storage
        self.memo = memo
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if storage.shape != .object {
            storage.shape = .object
            storage.keys = []
            storage.members = []
        }
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<Key>(encoder: self, storage: storage, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if storage.shape != .array {
            storage.shape = .array
            storage.elements = []
        }
        return JSONUnkeyedEncodingContainer(encoder: self, storage: storage, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueEncodingContainer(encoder: self)
    }

    // MARK: - Values

    /// Encodes `value` found at `codingPath`, using the memo when one is given.
    static func encodeValue<T: Encodable>(
        _ value: T, options: JSONEncoderOptions, codingPath: [any CodingKey], memo: JSONMemoNode?
    ) throws -> JSONValue {
        if let special = try specialValue(value, options: options, codingPath: codingPath) { return special }
        if let memo, let cached = memo.cachedValue(matching: value) { return cached }
        let storage = JSONEncodingStorage()
        let encoder = JSONEncoderCore(options: options, codingPath: codingPath, storage: storage, memo: memo)
        try value.encode(to: encoder)
        let result = storage.resolve()
        memo?.remember(value, encoded: result)
        return result
    }

    /// Encodes a nested value under `key`, which this encoder's memo also uses to find the child's.
    func encodeChild<T: Encodable>(_ value: T, key: any CodingKey, memoKey: JSONMemoNode.Key) throws -> JSONValue {
        try JSONEncoderCore.encodeValue(
            value, options: options, codingPath: codingPath + [key], memo: memo?.child(memoKey))
    }

    /// The JSON for types that JSON encodes specially, or `nil` for everything else.
    private static func specialValue<T: Encodable>(
        _ value: T, options: JSONEncoderOptions, codingPath: [any CodingKey]
    ) throws -> JSONValue? {
        if T.self == Date.self, let date = value as? Date {
            switch options.dateStrategy {
            case .iso8601: return .string(ISO8601Timestamp.format(date))
            case .secondsSince1970: return try double(date.timeIntervalSince1970, codingPath: codingPath)
            case .millisecondsSince1970:
                let milliseconds = date.timeIntervalSince1970 * 1000
                if let whole = Int64(exactly: milliseconds) { return .integer(whole) }
                return try double(milliseconds, codingPath: codingPath)
            }
        }
        if T.self == Data.self, let data = value as? Data { return .string(data.base64EncodedString()) }
        if T.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
        if T.self == UUID.self, let uuid = value as? UUID { return .string(uuid.uuidString) }
        if T.self == Decimal.self, let decimal = value as? Decimal { return try decimalValue(decimal, codingPath: codingPath) }
        return nil
    }

    static func decimalValue(_ decimal: Decimal, codingPath: [any CodingKey]) throws -> JSONValue {
        guard !decimal.isNaN else {
            throw JSONEncodingError(codingPath: codingPath, message: "a NaN Decimal cannot be encoded as JSON.")
        }
        let text = decimal.description
        if let integer = Int64(text) { return .integer(integer) }
        return .bigNumber(text)
    }

    static func double(_ value: Double, codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw JSONEncodingError(
                codingPath: codingPath, message: "\(value) cannot be encoded because JSON has no NaN or infinity.")
        }
        return .double(value)
    }

    static func float(_ value: Float, codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw JSONEncodingError(
                codingPath: codingPath, message: "\(value) cannot be encoded because JSON has no NaN or infinity.")
        }
        // The shortest Float text read as a Double keeps `0.1` from turning into 0.10000000149011612.
        return .double(Double(value.description) ?? Double(value))
    }

    static func unsigned(_ value: UInt64) -> JSONValue {
        value > UInt64(Int64.max) ? .unsigned(value) : .integer(Int64(value))
    }
}

struct JSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONEncoderCore
    let storage: JSONEncodingStorage
    let codingPath: [any CodingKey]

    private func put(_ value: JSONValue, _ key: Key) {
        storage.keys.append(key.stringValue)
        storage.members.append(.value(value))
    }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        put(try JSONEncoderCore.double(value, codingPath: codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        put(try JSONEncoderCore.float(value, codingPath: codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(JSONEncoderCore.unsigned(UInt64(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(JSONEncoderCore.unsigned(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        put(try encoder.encodeChild(value, key: key, memoKey: .key(key.stringValue)), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONEncodingStorage()
        nested.shape = .object
        storage.keys.append(key.stringValue)
        storage.members.append(.nested(nested))
        return KeyedEncodingContainer(
            JSONKeyedEncodingContainer<NestedKey>(encoder: encoder, storage: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONEncodingStorage()
        nested.shape = .array
        storage.keys.append(key.stringValue)
        storage.members.append(.nested(nested))
        return JSONUnkeyedEncodingContainer(encoder: encoder, storage: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: JSONStringKey.superKey) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private mutating func superEncoder(named key: any CodingKey) -> any Encoder {
        let nested = JSONEncodingStorage()
        storage.keys.append(key.stringValue)
        storage.members.append(.nested(nested))
        return JSONEncoderCore(options: encoder.options, codingPath: codingPath + [key], storage: nested, memo: nil)
    }
}

struct JSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: JSONEncoderCore
    let storage: JSONEncodingStorage
    let codingPath: [any CodingKey]

    var count: Int { storage.elements.count }

    private func put(_ value: JSONValue) { storage.elements.append(.value(value)) }
    private var nextKey: JSONIndexKey { JSONIndexKey(storage.elements.count) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try JSONEncoderCore.double(value, codingPath: codingPath + [nextKey])) }
    mutating func encode(_ value: Float) throws { put(try JSONEncoderCore.float(value, codingPath: codingPath + [nextKey])) }
    mutating func encode(_ value: Int) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { put(.integer(value)) }
    mutating func encode(_ value: UInt) throws { put(JSONEncoderCore.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { put(JSONEncoderCore.unsigned(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = storage.elements.count
        put(try encoder.encodeChild(value, key: JSONIndexKey(index), memoKey: .index(index)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONEncodingStorage()
        nested.shape = .object
        let key = nextKey
        storage.elements.append(.nested(nested))
        return KeyedEncodingContainer(
            JSONKeyedEncodingContainer<NestedKey>(encoder: encoder, storage: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONEncodingStorage()
        nested.shape = .array
        let key = nextKey
        storage.elements.append(.nested(nested))
        return JSONUnkeyedEncodingContainer(encoder: encoder, storage: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let nested = JSONEncodingStorage()
        let key = nextKey
        storage.elements.append(.nested(nested))
        return JSONEncoderCore(options: encoder.options, codingPath: codingPath + [key], storage: nested, memo: nil)
    }
}

struct JSONSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: JSONEncoderCore

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ value: JSONValue) {
        encoder.storage.shape = .single
        encoder.storage.single = value
    }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try JSONEncoderCore.double(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { put(try JSONEncoderCore.float(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { put(.integer(value)) }
    mutating func encode(_ value: UInt) throws { put(JSONEncoderCore.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { put(JSONEncoderCore.unsigned(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        // The same memo node as this encoder: a single-value wrapper has exactly one child value.
        put(try JSONEncoderCore.encodeValue(value, options: encoder.options, codingPath: codingPath, memo: encoder.memo?.child(.single)))
    }
}
