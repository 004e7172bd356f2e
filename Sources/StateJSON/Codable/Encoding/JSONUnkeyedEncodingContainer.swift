/// Writes an array's elements into a ``JSONEncodingStorage``.
struct JSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: JSONEncoderCore
    let storage: JSONEncodingStorage
    /// The keys from the encoder to this container; empty unless it is a nested container.
    let nestingPath: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + nestingPath }

    var count: Int { storage.values.count }

    private func put(_ value: JSONValue) { storage.values.append(value) }
    private var nextKey: JSONIndexKey { JSONIndexKey(storage.values.count) }

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
        let index = storage.values.count
        put(try encoder.encodeChild(value, nestingPath: nestingPath, key: JSONIndexKey(index), memoKey: .index(index)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONEncodingStorage()
        nested.begin(.object)
        nested.keyType = ObjectIdentifier(NestedKey.self)
        let key = nextKey
        storage.appendNested(nested)
        return KeyedEncodingContainer(
            JSONKeyedEncodingContainer<NestedKey>(encoder: encoder, storage: nested, nestingPath: nestingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONEncodingStorage()
        nested.begin(.array)
        let key = nextKey
        storage.appendNested(nested)
        return JSONUnkeyedEncodingContainer(encoder: encoder, storage: nested, nestingPath: nestingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let nested = JSONEncodingStorage()
        let key = nextKey
        storage.appendNested(nested)
        return encoder.child(nestingPath: nestingPath, key: key, storage: nested)
    }
}
