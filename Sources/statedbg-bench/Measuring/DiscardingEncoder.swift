/// An `Encoder` that stores nothing: what encoding through `Codable` costs before any encoder does
/// any work, the floor under every `Codable` encoder.
///
/// Its keyed container is made once per key type and handed out again, as ``JSONValueEncoder``
/// does, so the floor counts only the calls `Codable` itself makes. Containers refer back to the
/// encoder without a reference count (`unowned(unsafe)`): the encoder outlives every call.
final class DiscardingEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private var kept: [ObjectIdentifier: AnyObject] = [:]
    private var lastKeyType: ObjectIdentifier?
    private var lastContainer: AnyObject?

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let keyType = ObjectIdentifier(Key.self)
        // Safe because a KeyedEncodingContainer is one reference, and the kept one was made for this key type.
        if keyType == lastKeyType, let lastContainer { return unsafeBitCast(lastContainer, to: KeyedEncodingContainer<Key>.self) }
        let container = kept[keyType] ?? unsafeBitCast(KeyedEncodingContainer(Keyed<Key>(encoder: self)), to: AnyObject.self)
        kept[keyType] = container
        lastKeyType = keyType
        lastContainer = container
        return unsafeBitCast(container, to: KeyedEncodingContainer<Key>.self)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(encoder: self) }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        unowned(unsafe) let encoder: DiscardingEncoder
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) throws {}
        mutating func encode(_ value: Bool, forKey key: Key) throws {}
        mutating func encode(_ value: String, forKey key: Key) throws {}
        mutating func encode(_ value: Double, forKey key: Key) throws {}
        mutating func encode(_ value: Float, forKey key: Key) throws {}
        mutating func encode(_ value: Int, forKey key: Key) throws {}
        mutating func encode(_ value: Int8, forKey key: Key) throws {}
        mutating func encode(_ value: Int16, forKey key: Key) throws {}
        mutating func encode(_ value: Int32, forKey key: Key) throws {}
        mutating func encode(_ value: Int64, forKey key: Key) throws {}
        mutating func encode(_ value: UInt, forKey key: Key) throws {}
        mutating func encode(_ value: UInt8, forKey key: Key) throws {}
        mutating func encode(_ value: UInt16, forKey key: Key) throws {}
        mutating func encode(_ value: UInt32, forKey key: Key) throws {}
        mutating func encode(_ value: UInt64, forKey key: Key) throws {}
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try value.encode(to: encoder) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey> { encoder.container(keyedBy: NestedKey.self) }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { encoder.unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        unowned(unsafe) let encoder: DiscardingEncoder
        var codingPath: [any CodingKey] { [] }
        var count = 0
        mutating func encodeNil() throws { count += 1 }
        mutating func encode(_ value: Bool) throws { count += 1 }
        mutating func encode(_ value: String) throws { count += 1 }
        mutating func encode(_ value: Double) throws { count += 1 }
        mutating func encode(_ value: Float) throws { count += 1 }
        mutating func encode(_ value: Int) throws { count += 1 }
        mutating func encode(_ value: Int8) throws { count += 1 }
        mutating func encode(_ value: Int16) throws { count += 1 }
        mutating func encode(_ value: Int32) throws { count += 1 }
        mutating func encode(_ value: Int64) throws { count += 1 }
        mutating func encode(_ value: UInt) throws { count += 1 }
        mutating func encode(_ value: UInt8) throws { count += 1 }
        mutating func encode(_ value: UInt16) throws { count += 1 }
        mutating func encode(_ value: UInt32) throws { count += 1 }
        mutating func encode(_ value: UInt64) throws { count += 1 }
        mutating func encode<T: Encodable>(_ value: T) throws {
            count += 1
            try value.encode(to: encoder)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            encoder.container(keyedBy: NestedKey.self)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { encoder.unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { encoder }
    }

    private struct Single: SingleValueEncodingContainer {
        unowned(unsafe) let encoder: DiscardingEncoder
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil() throws {}
        mutating func encode(_ value: Bool) throws {}
        mutating func encode(_ value: String) throws {}
        mutating func encode(_ value: Double) throws {}
        mutating func encode(_ value: Float) throws {}
        mutating func encode(_ value: Int) throws {}
        mutating func encode(_ value: Int8) throws {}
        mutating func encode(_ value: Int16) throws {}
        mutating func encode(_ value: Int32) throws {}
        mutating func encode(_ value: Int64) throws {}
        mutating func encode(_ value: UInt) throws {}
        mutating func encode(_ value: UInt8) throws {}
        mutating func encode(_ value: UInt16) throws {}
        mutating func encode(_ value: UInt32) throws {}
        mutating func encode(_ value: UInt64) throws {}
        mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: encoder) }
    }
}
