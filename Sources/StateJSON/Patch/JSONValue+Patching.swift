// In-place edits used by JSONPatch and JSONPath. Each step detaches the child from its parent
// before recursing, so the edited path is uniquely referenced and arrays are not copied.
extension JSONValue {
    /// Runs `body` on the container reached by `tokens`, editing it in place.
    mutating func modifyContainer<Result>(
        along tokens: ArraySlice<String>,
        _ body: (inout JSONValue) throws(JSONPatchError.Reason) -> Result
    ) throws(JSONPatchError.Reason) -> Result {
        guard let token = tokens.first else { return try body(&self) }
        switch self {
        case .object(var object):
            guard let position = object.index(forKey: token) else { throw .pathNotFound }
            self = .null
            var child = object.values[position]
            object.setValue(.null, at: position)
            let result = try child.modifyContainer(along: tokens.dropFirst(), body)
            object.setValue(child, at: position)
            self = .object(object)
            return result
        case .array(var array):
            guard let index = JSONPointer.arrayIndex(token), index < array.count else { throw .pathNotFound }
            self = .null
            var child = array[index]
            array[index] = .null
            let result = try child.modifyContainer(along: tokens.dropFirst(), body)
            array[index] = child
            self = .array(array)
            return result
        default:
            throw .pathNotFound
        }
    }

    /// Removes and returns the existing child named `token`.
    mutating func removeChild(_ token: String) throws(JSONPatchError.Reason) -> JSONValue {
        switch self {
        case .object(var object):
            self = .null
            let removed = object.removeValue(forKey: token)
            self = .object(object)
            guard let removed else { throw .pathNotFound }
            return removed
        case .array(var array):
            guard let index = JSONPointer.arrayIndex(token), index < array.count else { throw .pathNotFound }
            self = .null
            let removed = array.remove(at: index)
            self = .array(array)
            return removed
        default:
            throw .pathNotFound
        }
    }

    /// Replaces the existing child named `token`.
    mutating func replaceChild(_ token: String, with value: JSONValue) throws(JSONPatchError.Reason) {
        switch self {
        case .object(var object):
            guard let position = object.index(forKey: token) else { throw .pathNotFound }
            self = .null
            object.setValue(value, at: position)
            self = .object(object)
        case .array(var array):
            guard let index = JSONPointer.arrayIndex(token), index < array.count else { throw .pathNotFound }
            self = .null
            array[index] = value
            self = .array(array)
        default:
            throw .pathNotFound
        }
    }

    /// Adds or replaces an object member, or inserts an array element (`-` appends).
    mutating func insertChild(_ token: String, _ value: JSONValue) throws(JSONPatchError.Reason) {
        switch self {
        case .object(var object):
            self = .null
            object[token] = value
            self = .object(object)
        case .array(var array):
            let index: Int
            if token == "-" {
                index = array.count
            } else {
                guard let parsed = JSONPointer.arrayIndex(token) else { throw .invalidArrayIndex(token) }
                guard parsed <= array.count else { throw .indexOutOfRange(index: parsed, count: array.count) }
                index = parsed
            }
            self = .null
            array.insert(value, at: index)
            self = .array(array)
        default:
            throw .notAContainer(kind)
        }
    }
}
