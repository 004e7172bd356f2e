import StateJSON

extension JSONValueNotes {
    /// The notes for a state whose shape is `schema` (a journal header's `schema.state`, or
    /// ``AppSchema/state``): the ISO 8601 date beside every number that is a `Date`.
    ///
    /// ```swift
    /// let notes = JSONValueNotes(stateSchema: header.schema["state"] ?? .null)
    /// notes.paths   // [[.key("accounts"), .element, .key("lastActivity")]: .date, …]
    /// ```
    public init(stateSchema schema: JSONValue) {
        self.init()
        var path: [PathComponent] = []
        add(SchemaNode(jsonValue: schema), path: &path, depth: 0)
    }

    /// The deepest a schema is followed: far beyond any state's nesting, and a bound on a damaged one.
    private static let maxDepth = 64

    private mutating func add(_ node: SchemaNode, path: inout [PathComponent], depth: Int) {
        guard depth < Self.maxDepth else { return }
        // `Date` is encoded as one number; its reflected shape names the one member it holds.
        if node.type == "Date" {
            add(.date, at: path)
            return
        }
        if let wrapped = node.wrapped { add(wrapped, path: &path, depth: depth + 1) }
        for (name, field) in node.fields ?? [] {
            path.append(.key(name))
            add(field, path: &path, depth: depth + 1)
            path.removeLast()
        }
        if let element = node.element {
            path.append(.element)
            add(element, path: &path, depth: depth + 1)
            path.removeLast()
        }
        if let value = node.value {
            path.append(.anyKey)
            add(value, path: &path, depth: depth + 1)
            path.removeLast()
        }
        for (name, associated) in node.cases ?? [] {
            // An enum case with associated values: `{"case": {"label": …}}`, or `{"case": {"_0": …}}` for
            // one unlabelled value, whose node is that value's.
            path.append(.key(name))
            if associated.type == "tuple" {
                add(associated, path: &path, depth: depth + 1)
            } else {
                path.append(.key("_0"))
                add(associated, path: &path, depth: depth + 1)
                path.removeLast()
            }
            path.removeLast()
        }
    }
}
