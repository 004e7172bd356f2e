/// Reads an object's members for `init(from:)`.
struct JSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let decoder: JSONDecoderCore
    /// The keys from the decoder to this container; empty unless it is a nested container.
    let nestingPath: [any CodingKey]

    var codingPath: [any CodingKey] { decoder.codingPath + nestingPath }

    var allKeys: [Key] { object.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { position(of: key.stringValue) != nil }

    /// Small objects (most of them) are scanned, which beats a binary search of generic comparisons.
    private func position(of name: String) -> Int? {
        let keys = object.keys
        if keys.count <= 8 {
            for position in keys.indices where keys[position] == name { return position }
            return nil
        }
        return object.index(forKey: name)
    }

    private func value(for key: Key) throws -> JSONValue {
        guard let position = position(of: key.stringValue) else {
            throw JSONDecodingError(
                code: .keyNotFound, codingPath: codingPath + [key],
                message: "required key \(JSONValue.string(key.stringValue).canonicalText) is missing.")
        }
        return object.values[position]
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
        try decoder.decodeChild(type, from: value(for: key), nestingPath: nestingPath, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        guard case .object(let nested) = try value(for: key) else {
            throw JSONDecodingError.typeMismatch("an object", found: try value(for: key), at: codingPath + [key])
        }
        return KeyedDecodingContainer(
            JSONKeyedDecodingContainer<NestedKey>(object: nested, decoder: decoder, nestingPath: nestingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = try value(for: key) else {
            throw JSONDecodingError.typeMismatch("an array", found: try value(for: key), at: codingPath + [key])
        }
        return JSONUnkeyedDecodingContainer(elements: elements, decoder: decoder, nestingPath: nestingPath + [key])
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(object["super"] ?? .null, nestingPath: nestingPath, key: JSONStringKey.superKey)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(object[key.stringValue] ?? .null, nestingPath: nestingPath, key: key)
    }
}
