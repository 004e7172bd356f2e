import StateJSON

/// Writes an object's members through its ``JSONEncoderCore``.
struct JSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let handle: JSONCoderHandle<JSONEncoderCore>

    private var encoder: JSONEncoderCore { handle.core }

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ value: JSONValue, _ key: Key) {
        handle.withCore { $0.put(value, forKey: key.stringValue) }
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
        let name = key.stringValue
        try handle.withCore { encoder in
            encoder.put(try encoder.encodeMember(value, key: key, name: name), forKey: name)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        nestedEncoder(key).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nestedEncoder(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.nestedEncoder(at: .key(JSONStringKey.superKey), name: JSONStringKey.superKey.stringValue, memo: nil)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.nestedEncoder(at: .key(key), name: key.stringValue, memo: nil)
    }

    private func nestedEncoder(_ key: Key) -> JSONEncoderCore {
        let name = key.stringValue
        return encoder.nestedEncoder(at: .key(key), name: name, memo: encoder.memo?.child(.key(name)))
    }
}
