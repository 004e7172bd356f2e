// In-place edits used by JSONPatch. Each step moves the container out of its place (`if case` and
// `self = .null`: a `switch` over `self` keeps a copy of the container alive through its case, so the
// container is never uniquely referenced and every edit copies it) and detaches the child from it
// before recursing, so the edited path is uniquely referenced and nothing on it is copied. On failure
// the document is left as it was.
extension JSONValue {
    /// Runs `body` on the container reached by `tokens`, editing it in place.
    mutating func modifyContainer<Result>(
        along tokens: ArraySlice<String>,
        _ body: (inout JSONValue) throws(JSONPatchError.Reason) -> Result
    ) throws(JSONPatchError.Reason) -> Result {
        guard let token = tokens.first else { return try body(&self) }
        if case .object(var object) = self {
            self = .null
            guard let position = object.index(forKey: token) else {
                self = .object(object)
                throw .pathNotFound
            }
            var child = object.values[position]
            object.setValue(.null, at: position)
            let result: Result
            do {
                result = try child.modifyContainer(along: tokens.dropFirst(), body)
            } catch {
                object.setValue(child, at: position)
                self = .object(object)
                throw error
            }
            object.setValue(child, at: position)
            self = .object(object)
            return result
        }
        if case .array(var array) = self {
            self = .null
            guard let index = JSONPointer.arrayIndex(token), index < array.count else {
                self = .array(array)
                throw .pathNotFound
            }
            var child = array[index]
            array[index] = .null
            let result: Result
            do {
                result = try child.modifyContainer(along: tokens.dropFirst(), body)
            } catch {
                array[index] = child
                self = .array(array)
                throw error
            }
            array[index] = child
            self = .array(array)
            return result
        }
        throw .pathNotFound
    }

    /// Removes and returns the existing child named `token`.
    mutating func removeChild(_ token: String) throws(JSONPatchError.Reason) -> JSONValue {
        if case .object(var object) = self {
            self = .null
            let removed = object.removeValue(forKey: token)
            self = .object(object)
            guard let removed else { throw .pathNotFound }
            return removed
        }
        if case .array(var array) = self {
            guard let index = JSONPointer.arrayIndex(token), index < array.count else { throw .pathNotFound }
            self = .null
            let removed = array.remove(at: index)
            self = .array(array)
            return removed
        }
        throw .pathNotFound
    }

    /// Replaces the existing child named `token`.
    mutating func replaceChild(_ token: String, with value: JSONValue) throws(JSONPatchError.Reason) {
        if case .object(var object) = self {
            guard let position = object.index(forKey: token) else { throw .pathNotFound }
            self = .null
            object.setValue(value, at: position)
            self = .object(object)
            return
        }
        if case .array(var array) = self {
            guard let index = JSONPointer.arrayIndex(token), index < array.count else { throw .pathNotFound }
            self = .null
            array[index] = value
            self = .array(array)
            return
        }
        throw .pathNotFound
    }

    /// Adds or replaces an object member, or inserts an array element (`-` appends).
    mutating func insertChild(_ token: String, _ value: JSONValue) throws(JSONPatchError.Reason) {
        if case .object(var object) = self {
            self = .null
            object[token] = value
            self = .object(object)
            return
        }
        if case .array(var array) = self {
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
            return
        }
        throw .notAContainer(kind)
    }
}
