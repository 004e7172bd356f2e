import StateJSON

/// Why a ``JSONPath`` could not be parsed, and where.
///
/// ```swift
/// do { _ = try JSONPath(parsing: ".users[x]") } catch { print(error) }
/// ```
/// ```text
/// column 8: expected an index, '*' or a quoted key after '['.
/// ```
public struct JSONPathParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Hashable {
        /// The path does not start with `.`.
        case missingLeadingDot
        /// A `.` is not followed by a member name (or `[`).
        case expectedMemberName
        /// A `..` is not followed by a member name or a quoted key.
        case expectedDescendantName
        /// A `[` is not followed by an index, `*` or a quoted key.
        case expectedBracketContent
        /// An index with more digits than an index can have (18); the associated text is the index as written.
        case indexTooLarge(String)
        /// A quoted key was expected after `[`.
        case expectedQuotedKey
        /// A bracket segment is not closed by `]`.
        case expectedClosingBracket
        /// A character that cannot start a segment.
        case unexpectedCharacter(Character)
        /// A quoted key is not a valid JSON string; the associated text says why.
        case invalidString(String)
    }

    /// The 1-based column, in characters, of the mistake.
    public var column: Int
    /// What went wrong.
    public var code: Code

    /// An error at `column`.
    public init(column: Int, code: Code) {
        self.column = column
        self.code = code
    }

    /// What was expected or found, without the column.
    public var message: String {
        switch code {
        case .missingLeadingDot: "a path must start with '.'"
        case .expectedMemberName: "expected a member name after '.'"
        case .expectedDescendantName: "expected a member name after '..'"
        case .expectedBracketContent: "expected an index, '*' or a quoted key after '['"
        case .indexTooLarge(let text): "the index \(text) is too large; an index has at most 18 digits"
        case .expectedQuotedKey: "expected a quoted key after '['"
        case .expectedClosingBracket: "expected ']'"
        case .unexpectedCharacter(let character): "unexpected '\(character)'; a segment starts with '.' or '['"
        case .invalidString(let reason): reason
        }
    }

    /// The error as a sentence that names where it happened.
    public var description: String { "column \(column): \(message)." }
}
