/// Why applying a ``JSONPatch`` failed: which operation, and what it found.
///
/// ```swift
/// let state: JSONValue = ["users": [["age": 30]]]
/// let patch = JSONPatch([.replace(path: try JSONPointer(parsing: "/users/4/age"), value: 31)])
/// do { _ = try patch.apply(to: state) } catch { print(error) }
/// ```
/// ```text
/// operation 0 (replace /users/4/age): the path does not exist.
/// ```
public struct JSONPatchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong with the operation.
    public enum Reason: Error, Sendable, Hashable {
        /// The path (or one of its parents) does not exist.
        case pathNotFound
        /// The container the operation should add to does not exist.
        case parentNotFound
        /// The `from` location of a `move` or `copy` does not exist.
        case fromNotFound
        /// The path's parent is a scalar.
        case notAContainer(JSONValue.Kind)
        /// The last token addresses an array but is not an index (nor `-` for an `add`).
        case invalidArrayIndex(String)
        /// An `add` index is past the end of the array.
        case indexOutOfRange(index: Int, count: Int)
        /// A `move` whose destination lies inside its source.
        case moveIntoOwnChild
        /// A `remove` of the whole document.
        case removeRoot
        /// A `test` found another value.
        case testFailed(actual: JSONValue)
    }

    /// The position of the failing operation in the patch.
    public var index: Int
    /// The failing operation.
    public var operation: JSONPatchOperation
    /// What went wrong.
    public var reason: Reason

    /// An error for `operation` at position `index`.
    public init(index: Int, operation: JSONPatchOperation, reason: Reason) {
        self.index = index
        self.operation = operation
        self.reason = reason
    }

    /// The error as a sentence that names where it happened.
    public var description: String {
        let detail: String
        switch reason {
        case .pathNotFound:
            detail = "the path does not exist."
        case .parentNotFound:
            detail = "the parent \(operation.path.parent ?? .root) does not exist."
        case .fromNotFound:
            detail = "the from location does not exist."
        case .notAContainer(let kind):
            detail = "the parent is \(kind.withArticle), not an object or array."
        case .invalidArrayIndex(let token):
            detail = "\"\(token)\" is not an array index."
        case .indexOutOfRange(let index, let count):
            detail = "index \(index) is out of range for an array of \(count) elements"
                + " (an add accepts 0...\(count) or '-')."
        case .moveIntoOwnChild:
            detail = "a value cannot be moved into one of its own children."
        case .removeRoot:
            detail = "the whole document cannot be removed."
        case .testFailed(let actual):
            let expected = operation.value.map(JSONTextEscaping.compactText) ?? "?"
            detail = "expected \(expected), found \(JSONTextEscaping.compactText(actual))."
        }
        return "operation \(index) (\(operation)): \(detail)"
    }
}
