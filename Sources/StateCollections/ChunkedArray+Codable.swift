extension ChunkedArray: Encodable where Element: Encodable {
    /// Encodes the elements as an unkeyed container, as `Array` does: `[1,2,3]` in JSON.
    @inlinable public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self { try container.encode(element) }
    }
}

extension ChunkedArray: Decodable where Element: Decodable {
    /// Decodes the elements from an unkeyed container, as `Array` does: from `[1,2,3]` in JSON.
    @inlinable public init(from decoder: any Decoder) throws {
        self.init()
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd { append(try container.decode(Element.self)) }
    }
}
