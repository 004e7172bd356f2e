import StateJSON

/// Writes an array's elements through its ``JSONEncoderCore``.
struct JSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: JSONEncoderCore

    var codingPath: [any CodingKey] { encoder.codingPath }

    var count: Int { encoder.count }

    private func put(_ value: JSONValue) { encoder.append(value) }
    private var nextKey: JSONIndexKey { JSONIndexKey(encoder.count) }

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
        put(try encoder.encodeElement(value, index: encoder.count))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nestedEncoder().container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        nestedEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.nestedEncoder(at: .index(encoder.count), name: nil, memo: nil)
    }

    private func nestedEncoder() -> JSONEncoderCore {
        let index = encoder.count
        return encoder.nestedEncoder(at: .index(index), name: nil, memo: encoder.memo?.child(.index(index)))
    }
}
