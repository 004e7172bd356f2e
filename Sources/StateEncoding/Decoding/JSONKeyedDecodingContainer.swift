import StateJSON

/// Reads an object's members for `init(from:)`.
struct JSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let handle: JSONCoderHandle<JSONDecoderCore>

    private var decoder: JSONDecoderCore { handle.core }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { decoder.memberNames.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { decoder.member(named: key.stringValue) != nil }

    private func value(for key: Key) throws -> JSONValue {
        guard let value = handle.withCore({ $0.member(named: key.stringValue) }) else {
            throw JSONDecodingError(
                code: .keyNotFound, codingPath: codingPath + [key],
                message: "required key \(JSONValue.string(key.stringValue).canonicalText) is missing.")
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key).isNull }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try JSONDecoderCore.bool(from: value(for: key), codingPath: codingPath + [key])
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let value = try value(for: key)
        if case .string(let string) = value { return string }
        return try JSONDecoderCore.string(from: value, codingPath: codingPath + [key])
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try JSONDecoderCore.double(from: value(for: key), codingPath: codingPath + [key])
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try JSONDecoderCore.float(from: value(for: key), codingPath: codingPath + [key])
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        // Spelled out for the most common type: the generic path looks up metadata on every call
        // because this container is itself generic over the caller's key type.
        let value = try value(for: key)
        if case .integer(let integer) = value, let result = Int(exactly: integer) { return result }
        return try JSONDecoderCore.integer(type, from: value, codingPath: codingPath + [key])
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

    private func integer<I: FixedWidthInteger>(_ type: I.Type, _ key: Key) throws -> I {
        let value = try value(for: key)
        // The common case, checked before the generic conversion.
        if case .integer(let integer) = value, let result = I(exactly: integer) { return result }
        return try JSONDecoderCore.integer(type, from: value, codingPath: codingPath + [key])
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decodeChild(type, from: value(for: key), at: .key(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.nestedDecoder(value(for: key), at: .key(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.nestedDecoder(value(for: key), at: .key(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = JSONStringKey.superKey
        return decoder.nestedDecoder(decoder.member(named: key.stringValue) ?? .null, at: .key(key))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.nestedDecoder(decoder.member(named: key.stringValue) ?? .null, at: .key(key))
    }
}
