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

    /// ``JSONObject/precedes(_:_:)`` over contiguous bytes, which native strings always have.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                for position in 0..<min(left.count, right.count) where left[position] != right[position] {
                    return left[position] < right[position]
                }
                return left.count < right.count
            }
        }
        if let fast, let result = fast { return result }
        return JSONObject.precedes(lhs, rhs)
    }

    /// Sorts members into canonical order; when a key was encoded twice the later one wins.
    static func makeObject(keys: [String], values: [JSONValue]) -> JSONObject {
        var sorted = true
        for position in keys.indices.dropFirst() where !JSONEncodingStorage.precedes(keys[position - 1], keys[position]) {
            sorted = false
            break
        }
        if sorted { return JSONObject(uncheckedSortedKeys: keys, values: values) }
        // Positions break ties so that, among repeated keys, the last one encoded is kept.
        let order = keys.indices.sorted { lhs, rhs in
            keys[lhs] == keys[rhs] ? lhs < rhs : JSONEncodingStorage.precedes(keys[lhs], keys[rhs])
        }
        var sortedKeys: [String] = []
        var sortedValues: [JSONValue] = []
        sortedKeys.reserveCapacity(order.count)
        sortedValues.reserveCapacity(order.count)
        for position in order {
            if let last = sortedKeys.last, last == keys[position] {
                sortedValues[sortedValues.count - 1] = values[position]
            } else {
                sortedKeys.append(keys[position])
                sortedValues.append(values[position])
            }
        }
        return JSONObject(uncheckedSortedKeys: sortedKeys, values: sortedValues)
    }
}

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
        if storage.shape != .object {
            storage.shape = .object
            storage.keys = []
            storage.members = []
        }
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<Key>(encoder: self, storage: storage, nestingPath: []))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if storage.shape != .array {
            storage.shape = .array
            storage.elements = []
        }
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
        if let memo, let cached = memo.cachedValue(matching: value) { return cached }
        let storage = JSONEncodingStorage()
        let encoder = JSONEncoderCore(
            options: options, parent: parent, nestingPath: nestingPath, key: key, storage: storage, memo: memo)
        try value.encode(to: encoder)
        let result = storage.resolve()
        memo?.remember(value, encoded: result)
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

struct JSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONEncoderCore
    let storage: JSONEncodingStorage
    /// The keys from the encoder to this container; empty unless it is a nested container.
    let nestingPath: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + nestingPath }

    private func put(_ value: JSONValue, _ key: Key) {
        storage.keys.append(key.stringValue)
        storage.members.append(.value(value))
    }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        put(try JSONEncoderCore.double(value, path: { codingPath + [key] }), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        put(try JSONEncoderCore.float(value, path: { codingPath + [key] }), key)
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
        put(try encoder.encodeChild(value, nestingPath: nestingPath, key: key, memoKey: .key(key.stringValue)), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONEncodingStorage()
        nested.shape = .object
        storage.keys.append(key.stringValue)
        storage.members.append(.nested(nested))
        return KeyedEncodingContainer(
            JSONKeyedEncodingContainer<NestedKey>(encoder: encoder, storage: nested, nestingPath: nestingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONEncodingStorage()
        nested.shape = .array
        storage.keys.append(key.stringValue)
        storage.members.append(.nested(nested))
        return JSONUnkeyedEncodingContainer(encoder: encoder, storage: nested, nestingPath: nestingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: JSONStringKey.superKey) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private mutating func superEncoder(named key: any CodingKey) -> any Encoder {
        let nested = JSONEncodingStorage()
        storage.keys.append(key.stringValue)
        storage.members.append(.nested(nested))
        return encoder.child(nestingPath: nestingPath, key: key, storage: nested)
    }
}

struct JSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: JSONEncoderCore
    let storage: JSONEncodingStorage
    /// The keys from the encoder to this container; empty unless it is a nested container.
    let nestingPath: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + nestingPath }

    var count: Int { storage.elements.count }

    private func put(_ value: JSONValue) { storage.elements.append(.value(value)) }
    private var nextKey: JSONIndexKey { JSONIndexKey(storage.elements.count) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try JSONEncoderCore.double(value, path: { codingPath + [nextKey] })) }
    mutating func encode(_ value: Float) throws { put(try JSONEncoderCore.float(value, path: { codingPath + [nextKey] })) }
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
        put(try encoder.encodeChild(value, nestingPath: nestingPath, key: JSONIndexKey(index), memoKey: .index(index)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONEncodingStorage()
        nested.shape = .object
        let key = nextKey
        storage.elements.append(.nested(nested))
        return KeyedEncodingContainer(
            JSONKeyedEncodingContainer<NestedKey>(encoder: encoder, storage: nested, nestingPath: nestingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONEncodingStorage()
        nested.shape = .array
        let key = nextKey
        storage.elements.append(.nested(nested))
        return JSONUnkeyedEncodingContainer(encoder: encoder, storage: nested, nestingPath: nestingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let nested = JSONEncodingStorage()
        let key = nextKey
        storage.elements.append(.nested(nested))
        return encoder.child(nestingPath: nestingPath, key: key, storage: nested)
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
    mutating func encode(_ value: Double) throws { put(try JSONEncoderCore.double(value, path: { codingPath })) }
    mutating func encode(_ value: Float) throws { put(try JSONEncoderCore.float(value, path: { codingPath })) }
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
        put(
            try JSONEncoderCore.encodeValue(
                value, options: encoder.options, parent: encoder, nestingPath: [], key: nil,
                memo: encoder.memo?.child(.single)))
    }
}
