/// Why a ``StatePredicate`` could not be parsed, and where.
///
/// ```swift
/// do { _ = try StatePredicate(parsing: ".balance == ") }
/// catch let error as PredicateParseError { print(error); print(error.caretLine) }
/// ```
/// ```text
/// column 13: expected a value after '=='.
/// .balance ==
///             ^
/// ```
public struct PredicateParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based column, in characters, of the mistake.
    public var column: Int
    /// What was expected or found there.
    public var message: String
    /// The predicate text that failed to parse.
    public var source: String

    /// An error at `column` of `source`.
    public init(column: Int, message: String, source: String) {
        self.column = column
        self.message = message
        self.source = source
    }

    /// The error as a sentence that names where it happened.
    public var description: String { "column \(column): \(message)." }

    /// The source on one line and a `^` under the offending column on the next.
    public var caretLine: String {
        source + "\n" + String(repeating: " ", count: max(column - 1, 0)) + "^"
    }
}
