/// The keyed container of a ``SchemaProbe``: every key asked for becomes a field of the node.
///
/// Asking for `allKeys` is how a Codable enum starts decoding, so it makes the node an enum: the
/// answer is the case reflection saw at the place, if any, and a container asked for under that key
/// holds the case's associated values, whose `_0`-style keys become `.0`-style fields as reflection
/// names them. Values decoded straight from the container stay fields.
struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: SchemaProbe
    let node: SchemaNode
    let path: [String]
    let codingPath: [any CodingKey]
    /// Whether this container holds an enum case's associated values.
    var isCase = false

    var allKeys: [Key] {
        if node.cases == nil { node.cases = [] }
        guard let name = decoder.context.hints[SchemaProbe.place(path)], let key = Key(stringValue: name) else { return [] }
        return [key]
    }

    func contains(_ key: Key) -> Bool {
        true
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeValue(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeValue(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeValue(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeValue(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeValue(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeValue(type, forKey: key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decodeValue(type, forKey: key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { probeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { probeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { probeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { probeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { probeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { probeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { probeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { probeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { probeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { probeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { probeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { probeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { probeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { probeOptional(type, forKey: key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { probeOptional(type, forKey: key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let (child, name) = member(key, type: "tuple", asCase: node.cases != nil)
        var container = ProbeKeyedContainer<NestedKey>(decoder: decoder, node: child, path: path + [name],
                                                       codingPath: codingPath + [key])
        container.isCase = node.cases != nil
        return KeyedDecodingContainer(container)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let (child, name) = member(key, type: "unkeyed")
        return ProbeUnkeyedContainer(decoder: decoder, node: child, path: path + [name], codingPath: codingPath + [key])
    }

    func superDecoder() throws -> any Decoder {
        decoder
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        let (child, name) = member(key, type: "super")
        return SchemaProbe(node: child, path: path + [name], codingPath: codingPath + [key], depth: decoder.depth + 1,
                           context: decoder.context)
    }

    /// The node of `key`, a field or a case, with its name as reflection writes it.
    private func member(_ key: Key, type: String, asCase: Bool = false) -> (SchemaNode, String) {
        var name = key.stringValue
        if isCase, name.hasPrefix("_"), name.dropFirst().allSatisfy(\.isNumber), name.count > 1 {
            name = "." + name.dropFirst()
        }
        if asCase {
            if let existing = node.existingCase(name) { return (existing, name) }
            let child = SchemaNode(type: type)
            node.cases?.append((name, child))
            return (child, name)
        }
        let child = node.field(name)
        if child.type.isEmpty { child.type = type }
        return (child, name)
    }

    private func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let (child, name) = member(key, type: "")
        return try decoder.decode(type, into: child, path: path + [name], codingPath: codingPath + [key])
    }

    /// Writes the field down as `Optional<T>`, probes `T` for its shape, and answers that it is absent.
    private func probeOptional<T: Decodable>(_ type: T.Type, forKey key: Key) -> T? {
        let (child, name) = member(key, type: "")
        child.type = String(describing: T?.self)
        let wrapped = SchemaNode()
        decoder.probe(type, into: wrapped, path: path + [name], codingPath: codingPath + [key])
        child.wrapped = wrapped
        return nil
    }
}
