/// A generic container ``SchemaProbe`` does not decode: it probes the contained type on its own and
/// hands out an empty container, so the contained type's failures stay inside its own node.
protocol ProbedContainer {
    /// Probes the contained type into `node`'s `element`, `value` or `wrapped`, and returns an empty
    /// container (`nil` for an optional).
    static func probed(into node: SchemaNode, by decoder: SchemaProbe, path: [String], codingPath: [any CodingKey]) -> Self
}

extension SchemaProbe {
    /// The node of a contained type `T`, probed one level below `decoder` (so that nested containers
    /// count towards the depth limit too); elements and dictionary values are at the place `[]`, an
    /// optional's value at the optional's own place.
    fileprivate static func contained<T: Decodable>(_ type: T.Type, by decoder: SchemaProbe, path: [String],
                                                    codingPath: [any CodingKey]) -> SchemaNode {
        let node = SchemaNode()
        let deeper = SchemaProbe(node: node, path: path, codingPath: codingPath, depth: decoder.depth + 1, context: decoder.context)
        deeper.probe(type, into: node, path: path, codingPath: codingPath)
        return node
    }
}

extension Array: ProbedContainer where Element: Decodable {
    static func probed(into node: SchemaNode, by decoder: SchemaProbe, path: [String], codingPath: [any CodingKey]) -> Array {
        node.element = SchemaProbe.contained(Element.self, by: decoder, path: path + ["[]"], codingPath: codingPath + [ProbeKey(index: 0)])
        return []
    }
}

extension ContiguousArray: ProbedContainer where Element: Decodable {
    static func probed(into node: SchemaNode, by decoder: SchemaProbe, path: [String], codingPath: [any CodingKey]) -> ContiguousArray {
        node.element = SchemaProbe.contained(Element.self, by: decoder, path: path + ["[]"], codingPath: codingPath + [ProbeKey(index: 0)])
        return []
    }
}

extension Set: ProbedContainer where Element: Decodable {
    static func probed(into node: SchemaNode, by decoder: SchemaProbe, path: [String], codingPath: [any CodingKey]) -> Set {
        node.element = SchemaProbe.contained(Element.self, by: decoder, path: path + ["[]"], codingPath: codingPath + [ProbeKey(index: 0)])
        return []
    }
}

extension Dictionary: ProbedContainer where Key: Decodable, Value: Decodable {
    static func probed(into node: SchemaNode, by decoder: SchemaProbe, path: [String], codingPath: [any CodingKey]) -> Dictionary {
        node.value = SchemaProbe.contained(Value.self, by: decoder, path: path + ["[]"], codingPath: codingPath + [ProbeKey(index: 0)])
        return [:]
    }
}

extension Optional: ProbedContainer where Wrapped: Decodable {
    static func probed(into node: SchemaNode, by decoder: SchemaProbe, path: [String], codingPath: [any CodingKey]) -> Optional {
        node.wrapped = SchemaProbe.contained(Wrapped.self, by: decoder, path: path, codingPath: codingPath)
        return nil
    }
}
