/// Writes an object's members into a ``JSONEncodingStorage``.
struct JSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONEncoderCore
    let storage: JSONEncodingStorage
    /// The keys from the encoder to this container; empty unless it is a nested container.
    let nestingPath: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + nestingPath }

    private func put(_ value: JSONValue, _ key: Key) {
        storage.keys.append(key.stringValue)
        storage.values.append(value)
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
        nested.begin(.object)
        nested.keyType = ObjectIdentifier(NestedKey.self)
        storage.keys.append(key.stringValue)
        storage.appendNested(nested)
        return KeyedEncodingContainer(
            JSONKeyedEncodingContainer<NestedKey>(encoder: encoder, storage: nested, nestingPath: nestingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONEncodingStorage()
        nested.begin(.array)
        storage.keys.append(key.stringValue)
        storage.appendNested(nested)
        return JSONUnkeyedEncodingContainer(encoder: encoder, storage: nested, nestingPath: nestingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: JSONStringKey.superKey) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private mutating func superEncoder(named key: any CodingKey) -> any Encoder {
        let nested = JSONEncodingStorage()
        storage.keys.append(key.stringValue)
        storage.appendNested(nested)
        return encoder.child(nestingPath: nestingPath, key: key, storage: nested)
    }
}
