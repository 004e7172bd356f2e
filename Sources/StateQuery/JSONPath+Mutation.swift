import StateJSON

extension JSONPath {
    /// Calls `body` on every value the path selects in `document`, editing it in place.
    ///
    /// For `..name` segments nested matches are visited before the match that contains them, so
    /// replacing an outer match never hides an inner one from `body`.
    ///
    /// ```swift
    /// var state: JSONValue = ["users": [["age": 30], ["age": 40]]]
    /// try JSONPath(parsing: ".users[*].age").mutate(&state) { age in
    ///     age = .integer((age.int64Value ?? 0) + 1)
    /// }
    /// // state == ["users": [["age": 31], ["age": 41]]]
    /// ```
    ///
    /// - Returns: the number of values `body` was called on.
    @discardableResult
    public func mutate(_ document: inout JSONValue, _ body: (inout JSONValue) -> Void) -> Int {
        var count = 0
        mutate(&document, from: 0, count: &count, body)
        return count
    }

    /// Replaces every value the path selects with `replacement`, as redaction does.
    ///
    /// ```swift
    /// var state: JSONValue = ["user": ["name": "Blob", "password": "hunter2"]]
    /// try JSONPath(parsing: "..password").replaceMatches(in: &state, with: "<redacted>")
    /// // state == ["user": ["name": "Blob", "password": "<redacted>"]]
    /// ```
    ///
    /// - Returns: the number of values replaced.
    @discardableResult
    public func replaceMatches(in document: inout JSONValue, with replacement: JSONValue) -> Int {
        mutate(&document) { $0 = replacement }
    }

    private func mutate(
        _ value: inout JSONValue, from position: Int, count: inout Int, _ body: (inout JSONValue) -> Void
    ) {
        guard position < segments.count else {
            body(&value)
            count += 1
            return
        }
        switch segments[position] {
        case .member(let key):
            value.editMember(key) { mutate(&$0, from: position + 1, count: &count, body) }
        case .index(let index):
            guard case .array(let array) = value else { return }
            let resolved = index < 0 ? array.count + index : index
            guard array.indices.contains(resolved) else { return }
            value.editElements(in: resolved..<(resolved + 1)) { mutate(&$0, from: position + 1, count: &count, body) }
        case .wildcard:
            switch value {
            case .array(let array):
                value.editElements(in: array.indices) { mutate(&$0, from: position + 1, count: &count, body) }
            case .object(let object):
                for key in object.keys {
                    value.editMember(key) { mutate(&$0, from: position + 1, count: &count, body) }
                }
            default:
                break
            }
        case .descendant(let key):
            switch value {
            case .array(let array):
                value.editElements(in: array.indices) { mutate(&$0, from: position, count: &count, body) }
            case .object(let object):
                for child in object.keys {
                    value.editMember(child) { mutate(&$0, from: position, count: &count, body) }
                }
                value.editMember(key) { mutate(&$0, from: position + 1, count: &count, body) }
            default:
                break
            }
        }
    }
}

extension JSONValue {
    /// Edits the member `key` in place when this is an object that has it.
    fileprivate mutating func editMember(_ key: String, _ body: (inout JSONValue) -> Void) {
        guard case .object(var object) = self, let position = object.index(forKey: key) else { return }
        self = .null
        var child = object.values[position]
        object.setValue(.null, at: position)
        body(&child)
        object.setValue(child, at: position)
        self = .object(object)
    }

    /// Edits the elements in `range` in place when this is an array.
    fileprivate mutating func editElements(in range: Range<Int>, _ body: (inout JSONValue) -> Void) {
        guard case .array(var array) = self else { return }
        self = .null
        for index in range {
            body(&array[index])
        }
        self = .array(array)
    }
}
