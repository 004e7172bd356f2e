import StateJSON

/// Why a ``StatePredicate`` could not be parsed, and where.
///
/// ```swift
/// do { _ = try StatePredicate(parsing: ".balance == ") }
/// catch { print(error); print(error.caretLine) }
/// ```
/// ```text
/// column 13: expected a value after '=='.
/// .balance ==
///             ^
/// ```
public struct PredicateParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Hashable {
        /// A condition was expected; `found` describes what was there (`nil` for an empty text).
        case expectedCondition(found: String?)
        /// An operator or `exists` is not followed by a value; the associated text quotes it.
        case expectedValue(after: String)
        /// `any` or `all` is not followed by `(`.
        case expectedOpeningParenthesis(after: String)
        /// A `(` at `openedAtColumn` is not closed; `found` describes what came instead.
        case unclosedParenthesis(openedAtColumn: Int, found: String)
        /// Something follows a complete condition that is neither `and` nor `or`.
        case unexpectedToken(found: String)
        /// A number is missing digits in the given part.
        case expectedDigit(NumberPart)
        /// A string literal is not valid JSON; the associated text says why.
        case invalidString(String)
        /// A path operand is malformed.
        case invalidPath(JSONPathParseError.Code)
        /// Parentheses, `not`, `any` and `all` nest deeper than the parser allows.
        case tooDeep(limit: Int)
    }

    /// The part of a number literal where a digit was missing.
    public enum NumberPart: Sendable, Hashable {
        case integer, fraction, exponent
    }

    /// The 1-based column, in characters, of the mistake.
    public var column: Int
    /// What went wrong.
    public var code: Code
    /// The predicate text that failed to parse.
    public var source: String

    /// An error at `column` of `source`.
    public init(column: Int, code: Code, source: String) {
        self.column = column
        self.code = code
        self.source = source
    }

    /// What was expected or found, without the column.
    public var message: String {
        switch code {
        case .expectedCondition(let found?): "expected a condition, found \(found)"
        case .expectedCondition(nil): "expected a condition"
        case .expectedValue(let after): "expected a value after \(after)"
        case .expectedOpeningParenthesis(let after): "expected '(' after \(after)"
        case .unclosedParenthesis(let column, let found):
            "expected ')' to close the '(' at column \(column), found \(found)"
        case .unexpectedToken(let found): "unexpected \(found); expected 'and', 'or' or the end"
        case .expectedDigit(.integer): "expected a digit"
        case .expectedDigit(.fraction): "expected a digit after '.'"
        case .expectedDigit(.exponent): "expected a digit in the exponent"
        case .invalidString(let reason): reason
        case .invalidPath(let code): JSONPathParseError(column: column, code: code).message
        case .tooDeep(let limit): "the predicate nests more than \(limit) levels of parentheses, 'not', 'any' and 'all'"
        }
    }

    /// The error as a sentence that names where it happened.
    public var description: String { "column \(column): \(message)." }

    /// The source on one line and a `^` under the offending column on the next.
    public var caretLine: String {
        source + "\n" + String(repeating: " ", count: max(column - 1, 0)) + "^"
    }
}
