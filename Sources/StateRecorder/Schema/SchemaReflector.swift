/// Describes the shape of a value by reflection (`Mirror`): field names and Swift types, recursively,
/// the first element of a non-empty collection standing for all of them.
///
/// It also notes which enum case each enum value it meets holds, by place (``hints``), so that a
/// ``SchemaProbe`` can ask for that case where it cannot guess one.
struct SchemaReflector {
    /// How deep the description goes; deeper values are described by their type's name alone.
    static let maximumDepth = 12

    /// The case name of each enum value met, by ``SchemaProbe/place(_:)`` of its path.
    private(set) var hints: [String: String] = [:]

    /// The shape of `value`.
    mutating func shape(of value: Any) -> SchemaNode {
        shape(of: value, path: [], depth: 0)
    }

    private mutating func shape(of value: Any, path: [String], depth: Int) -> SchemaNode {
        let mirror = Mirror(reflecting: value)
        let node = SchemaNode(type: mirror.displayStyle == .tuple ? "tuple" : String(describing: type(of: value)))
        guard depth < Self.maximumDepth else { return node }
        switch mirror.displayStyle {
        case .struct?, .class?, .tuple?:
            var fields: [(name: String, node: SchemaNode)] = []
            for (offset, child) in mirror.children.enumerated() {
                let name = child.label ?? (mirror.displayStyle == .tuple ? ".\(offset)" : "_")
                fields.append((name, shape(of: child.value, path: path + [name], depth: depth + 1)))
            }
            node.fields = fields
        case .enum?:
            guard let child = mirror.children.first else {
                hints[SchemaProbe.place(path)] = String(describing: value)
                return node
            }
            let name = child.label ?? String(describing: value)
            hints[SchemaProbe.place(path)] = name
            // A single unlabeled associated value is the payload itself, at the place Codable calls `_0`.
            let isTuple = Mirror(reflecting: child.value).displayStyle == .tuple
            let payload = shape(of: child.value, path: path + (isTuple ? [name] : [name, ".0"]), depth: depth + 1)
            node.cases = [(name, payload)]
        case .optional?:
            if let child = mirror.children.first {
                node.wrapped = shape(of: child.value, path: path, depth: depth + 1)
            }
        case .collection?, .set?:
            if let first = mirror.children.first {
                node.element = shape(of: first.value, path: path + ["[]"], depth: depth + 1)
            }
        case .dictionary?:
            if let first = mirror.children.first {
                let pair = Mirror(reflecting: first.value).children.map(\.value)
                if pair.count == 2 { node.value = shape(of: pair[1], path: path + ["[]"], depth: depth + 1) }
            }
        default:
            break
        }
        return node
    }
}
