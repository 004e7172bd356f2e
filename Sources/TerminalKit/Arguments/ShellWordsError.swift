/// A REPL line that ``ShellWords`` cannot split; columns count characters from 1.
///
/// ```swift
/// do { _ = try ShellWords.split("show 'users") } catch { print(error) }
/// ```
/// ```text
/// column 6: the ' quote is never closed.
/// ```
package enum ShellWordsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A quote opened at `column` and still open at the end of the line.
    case unterminatedQuote(Character, column: Int)
    /// The line ends with a `\` that has nothing to escape.
    case danglingEscape(column: Int)

    /// A whole sentence with the column.
    package var description: String {
        switch self {
        case .unterminatedQuote(let quote, let column):
            return "column \(column): the \(quote) quote is never closed."
        case .danglingEscape(let column):
            return "column \(column): the line ends with a \\ that escapes nothing."
        }
    }
}
