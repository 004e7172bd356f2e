/// The single-value container of a ``SchemaProbe``: the node keeps the name of the type that asked (a
/// `Date` is a `Date`, not the `Double` it decodes), and takes from the value decoded only the parts
/// it does not have, such as the element of an array a wrapper type decodes.
struct ProbeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: SchemaProbe

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decodeValue(type) }
    func decode(_ type: String.Type) throws -> String { try decodeValue(type) }
    func decode(_ type: Double.Type) throws -> Double { try decodeValue(type) }
    func decode(_ type: Float.Type) throws -> Float { try decodeValue(type) }
    func decode(_ type: Int.Type) throws -> Int { try decodeValue(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeValue(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeValue(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeValue(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeValue(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeValue(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeValue(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeValue(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeValue(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeValue(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    private func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        let inner = SchemaNode()
        defer {
            let node = decoder.node
            if node.fields == nil { node.fields = inner.fields }
            if node.element == nil { node.element = inner.element }
            if node.value == nil { node.value = inner.value }
            if node.wrapped == nil { node.wrapped = inner.wrapped }
            if node.cases == nil { node.cases = inner.cases }
        }
        return try decoder.decode(type, into: inner, path: decoder.path, codingPath: decoder.codingPath)
    }
}
