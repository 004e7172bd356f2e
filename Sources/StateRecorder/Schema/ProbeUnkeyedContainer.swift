/// The unkeyed container of a ``SchemaProbe``, for types that decode themselves from an array: it
/// holds one element, and whatever is decoded from it describes the node's element.
///
/// It never runs out, so a type that decodes a fixed number of values gets them all; one that loops
/// until `isAtEnd` gets one.
struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: SchemaProbe
    let node: SchemaNode
    let path: [String]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(decoder: SchemaProbe, node: SchemaNode, path: [String], codingPath: [any CodingKey]) {
        self.decoder = decoder
        self.node = node
        self.path = path
        self.codingPath = codingPath
    }

    var count: Int? { 1 }

    var isAtEnd: Bool { currentIndex >= 1 }

    mutating func decodeNil() throws -> Bool {
        false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let element = elementNode(type: "keyed")
        currentIndex += 1
        return KeyedDecodingContainer(ProbeKeyedContainer<NestedKey>(decoder: decoder, node: element, path: path + ["[]"],
                                                                     codingPath: codingPath + [ProbeKey(index: currentIndex - 1)]))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let element = elementNode(type: "unkeyed")
        currentIndex += 1
        return ProbeUnkeyedContainer(decoder: decoder, node: element, path: path + ["[]"],
                                     codingPath: codingPath + [ProbeKey(index: currentIndex - 1)])
    }

    mutating func superDecoder() throws -> any Decoder {
        let element = elementNode(type: "super")
        currentIndex += 1
        return SchemaProbe(node: element, path: path + ["[]"], codingPath: codingPath + [ProbeKey(index: currentIndex - 1)],
                           depth: decoder.depth + 1, context: decoder.context)
    }

    /// The element's node; the first value decoded names its type.
    private func elementNode(type: String) -> SchemaNode {
        if let element = node.element { return element }
        let element = SchemaNode(type: type)
        node.element = element
        return element
    }

    private mutating func next<T: Decodable>(_ type: T.Type) throws -> T {
        defer { currentIndex += 1 }
        // Values after the first are decoded for their value alone; they do not describe the element again.
        let element = node.element == nil ? elementNode(type: "") : SchemaNode()
        return try decoder.decode(type, into: element, path: path + ["[]"], codingPath: codingPath + [ProbeKey(index: currentIndex)])
    }
}
