/// Why a JSON value is not a well-formed RFC 6902 patch.
///
/// ```swift
/// do { _ = try JSONPatch(jsonValue: [["op": "frob", "path": "/a"]]) }
/// catch { print(error) }
/// ```
/// ```text
/// operation 0: "frob" is not an operation; expected add, remove, replace, move, copy or test.
/// ```
public struct JSONPatchDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the operation.
    public enum Problem: Sendable, Hashable {
        /// The patch itself is not an array.
        case patchNotAnArray(JSONValue.Kind)
        /// The operation is not an object.
        case notAnObject(JSONValue.Kind)
        /// A required member is absent.
        case missingMember(String)
        /// A member that must be a string is of another kind.
        case notAString(String, JSONValue.Kind)
        /// `op` names no RFC 6902 operation.
        case unknownOperation(String)
        /// `path` or `from` is not a valid JSON pointer.
        case invalidPointer(String, JSONPointerError)
    }

    /// The position of the offending operation in the patch (0 when the patch itself is wrong).
    public var index: Int
    /// What is wrong.
    public var problem: Problem

    /// An error for the operation at `index`.
    public init(index: Int, problem: Problem) {
        self.index = index
        self.problem = problem
    }

    /// The error as a sentence that names where it happened.
    public var description: String {
        switch problem {
        case .patchNotAnArray(let kind):
            return "a JSON patch must be an array of operations, not \(kind.withArticle)."
        case .notAnObject(let kind):
            return "operation \(index): expected an object, found \(kind.withArticle)."
        case .missingMember(let name):
            return "operation \(index): the \"\(name)\" member is missing."
        case .notAString(let name, let kind):
            return "operation \(index): \"\(name)\" must be a string, not \(kind.withArticle)."
        case .unknownOperation(let op):
            return "operation \(index): \"\(op)\" is not an operation;"
                + " expected add, remove, replace, move, copy or test."
        case .invalidPointer(let name, let error):
            return "operation \(index): \"\(name)\" is not a JSON pointer: \(error)"
        }
    }
}
