/// Why a ``JSONPath`` could not be parsed, and where.
///
/// ```swift
/// do { _ = try JSONPath(parsing: ".users[x]") } catch { print(error) }
/// ```
/// ```text
/// column 8: expected an index, '*' or a quoted key after '['.
/// ```
public struct JSONPathParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based column, in characters, of the mistake.
    public var column: Int
    /// What was expected or found there.
    public var message: String

    /// An error at `column`.
    public init(column: Int, message: String) {
        self.column = column
        self.message = message
    }

    /// The error as a sentence that names where it happened.
    public var description: String { "column \(column): \(message)." }
}
