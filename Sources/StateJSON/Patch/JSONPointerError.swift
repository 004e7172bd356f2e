/// Why a ``JSONPointer`` could not be parsed or resolved.
///
/// ```swift
/// let state: JSONValue = ["users": [1, 2, 3]]
/// do { _ = try JSONPointer(parsing: "/users/9").resolve(in: state) }
/// catch { print(error) }
/// ```
/// ```text
/// /users/9: index 9 is out of range for an array of 3 elements.
/// ```
public enum JSONPointerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A non-empty pointer text did not start with `/`.
    case missingLeadingSlash(String)
    /// A `~` at the given UTF-8 offset was not followed by `0` or `1`.
    case invalidEscape(String, offset: Int)
    /// The object at the parent of the pointer has no member with the last token's name.
    case memberNotFound(JSONPointer)
    /// The last token addresses an array but is not a valid index.
    case invalidArrayIndex(JSONPointer)
    /// The last token is an index past the end of the array.
    case indexOutOfRange(JSONPointer, index: Int, count: Int)
    /// The parent of the pointer is a scalar, so it has no children.
    case notAContainer(JSONPointer, kind: JSONValue.Kind)

    /// The error as a sentence that names where it happened.
    public var description: String {
        switch self {
        case .missingLeadingSlash(let text):
            return "\"\(text)\": a JSON pointer must be empty or start with '/'."
        case .invalidEscape(let text, let offset):
            return "\"\(text)\": '~' at offset \(offset) must be followed by '0' or '1'."
        case .memberNotFound(let pointer):
            return "\(pointer): the object has no member \"\(pointer.tokens.last ?? "")\"."
        case .invalidArrayIndex(let pointer):
            return "\(pointer): \"\(pointer.tokens.last ?? "")\" is not an array index."
        case .indexOutOfRange(let pointer, let index, let count):
            let elements = count == 1 ? "element" : "elements"
            return "\(pointer): index \(index) is out of range for an array of \(count) \(elements)."
        case .notAContainer(let pointer, let kind):
            return "\(pointer): the parent is \(kind.withArticle), not an object or array."
        }
    }
}
