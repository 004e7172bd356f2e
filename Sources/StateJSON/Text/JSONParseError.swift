/// Why a JSON text was rejected, and where.
///
/// `line` and `column` are 1-based; the column counts Unicode scalars from the start of the line,
/// so it matches what an editor shows for UTF-8 text. `offset` is the 0-based byte offset.
///
/// ```swift
/// do {
///     _ = try JSONValue(parsing: "{\"a\": 1 \"b\": 2}")
/// } catch {
///     print(error)
/// }
/// ```
/// ```text
/// line 1, column 9: expected ',' or '}' after an object member.
/// ```
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem, for code that reacts to some of them.
    public enum Code: Sendable, Hashable {
        /// The input holds nothing but whitespace.
        case emptyInput
        /// The input ends in the middle of a value.
        case unexpectedEndOfInput
        /// A byte that cannot start or continue the value at this point.
        case unexpectedCharacter
        /// A malformed number: a leading zero, a missing digit, `NaN` or `Infinity`.
        case invalidNumber
        /// A malformed literal such as `tru` or `nul`.
        case invalidLiteral
        /// A control character (below U+0020) that appears unescaped inside a string.
        case unescapedControlCharacter
        /// A backslash escape that JSON does not define, or a malformed `\u` escape.
        case invalidEscape
        /// A `\u` escape of a surrogate that is not part of a valid pair.
        case invalidSurrogate
        /// Bytes that are not well-formed UTF-8.
        case invalidUTF8
        /// Containers nested deeper than ``JSONParser/Limits/maxDepth``.
        case tooDeep
        /// Something other than whitespace follows the complete value.
        case trailingCharacters
        /// An object names a key twice, read by a parser made with ``JSONParser/RepeatedKeys/rejected``.
        case repeatedKey
    }

    /// The kind of problem.
    public let code: Code
    /// A whole sentence saying what was expected or found, without the location.
    public let message: String
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column of the problem, counted in Unicode scalars.
    public let column: Int
    /// The 0-based byte offset of the problem.
    public let offset: Int

    /// Creates an error; the parser computes `line` and `column` from `offset`.
    public init(code: Code, message: String, line: Int, column: Int, offset: Int) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The location and the message, for example
    /// `line 3, column 14: expected ',' or '}' after an object member.`
    public var description: String {
        "line \(line), column \(column): \(message)"
    }
}
