/// An RFC 6902 JSON Patch: a list of operations applied in order.
///
/// Applying is atomic: `apply(to:)` works on a copy, so when an operation fails the caller still
/// holds the original document and only an error comes back.
///
/// ```swift
/// let state: JSONValue = ["users": [["id": 1, "age": 30]]]
/// let patch = try JSONPatch(jsonValue: [["op": "replace", "path": "/users/0/age", "value": 31]])
/// try patch.apply(to: state)      // ["users": [["id": 1, "age": 31]]]
/// ```
public struct JSONPatch: Sendable, Hashable, CustomStringConvertible {
    /// The operations, applied first to last.
    public var operations: [JSONPatchOperation]

    /// A patch with the given operations.
    public init(_ operations: [JSONPatchOperation] = []) {
        self.operations = operations
    }

    /// Reads a patch from its RFC 6902 form: an array of operation objects.
    ///
    /// - Throws: ``JSONPatchDecodingError`` naming the first malformed operation.
    public init(jsonValue: JSONValue) throws(JSONPatchDecodingError) {
        guard case .array(let elements) = jsonValue else {
            throw JSONPatchDecodingError(index: 0, problem: .patchNotAnArray(jsonValue.kind))
        }
        var operations: [JSONPatchOperation] = []
        operations.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            operations.append(try JSONPatchOperation(jsonValue: element, index: index))
        }
        self.operations = operations
    }

    /// `true` when the patch has no operations.
    public var isEmpty: Bool { operations.isEmpty }

    /// The patch in RFC 6902 form.
    public var jsonValue: JSONValue {
        .array(operations.map(\.jsonValue))
    }

    /// One operation per line, as errors name them.
    ///
    /// ```text
    /// replace /users/3/age
    /// remove /users/7
    /// ```
    public var description: String {
        operations.map(\.description).joined(separator: "\n")
    }

    /// The document after every operation, or the error of the first one that fails.
    ///
    /// The document is taken as `consuming`: when the caller passes its last use, edits happen in
    /// place instead of copying every container on the edited paths.
    public func apply(to document: consuming JSONValue) throws(JSONPatchError) -> JSONValue {
        var result = document
        for (index, operation) in operations.enumerated() {
            do {
                try JSONPatch.perform(operation, on: &result)
            } catch {
                throw JSONPatchError(index: index, operation: operation, reason: error)
            }
        }
        return result
    }

    /// Applies the operations to `document` where it is, editing only the containers on their paths
    /// when the document is not shared: the cost of a patch is then its size, not the document's.
    ///
    /// Unlike ``apply(to:)`` this is not atomic: when an operation fails, `document` holds the
    /// operations before it. For a caller that drops the document on failure, such as a journal reader.
    package func apply(inPlace document: inout JSONValue) throws(JSONPatchError) {
        for (index, operation) in operations.enumerated() {
            do {
                try JSONPatch.perform(operation, on: &document)
            } catch {
                throw JSONPatchError(index: index, operation: operation, reason: error)
            }
        }
    }

    package static func perform(
        _ operation: JSONPatchOperation, on document: inout JSONValue
    ) throws(JSONPatchError.Reason) {
        switch operation {
        case .add(let path, let value):
            try add(value, at: path, in: &document)
        case .remove(let path):
            guard let last = path.tokens.last else { throw .removeRoot }
            _ = try document.modifyContainer(along: path.tokens.dropLast()) { container throws(JSONPatchError.Reason) in
                try container.removeChild(last)
            }
        case .replace(let path, let value):
            guard let last = path.tokens.last else {
                document = value
                return
            }
            try document.modifyContainer(along: path.tokens.dropLast()) { container throws(JSONPatchError.Reason) in
                try container.replaceChild(last, with: value)
            }
        case .move(let from, let path):
            if from == path { return }
            if from.isPrefix(of: path) { throw .moveIntoOwnChild }
            guard let last = from.tokens.last else { throw .moveIntoOwnChild }
            let value: JSONValue
            do {
                value = try document.modifyContainer(along: from.tokens.dropLast()) {
                    container throws(JSONPatchError.Reason) in try container.removeChild(last)
                }
            } catch {
                throw error == .pathNotFound ? .fromNotFound : error
            }
            try add(value, at: path, in: &document)
        case .copy(let from, let path):
            let value: JSONValue
            do {
                value = try from.resolve(in: document)
            } catch {
                throw .fromNotFound
            }
            try add(value, at: path, in: &document)
        case .test(let path, let value):
            let actual: JSONValue
            do {
                actual = try path.resolve(in: document)
            } catch {
                throw .pathNotFound
            }
            guard actual.isEquivalent(to: value) else { throw .testFailed(actual: actual) }
        }
    }

    private static func add(
        _ value: JSONValue, at path: JSONPointer, in document: inout JSONValue
    ) throws(JSONPatchError.Reason) {
        guard let last = path.tokens.last else {
            document = value
            return
        }
        do {
            try document.modifyContainer(along: path.tokens.dropLast()) { container throws(JSONPatchError.Reason) in
                try container.insertChild(last, value)
            }
        } catch {
            throw error == .pathNotFound ? .parentNotFound : error
        }
    }
}
