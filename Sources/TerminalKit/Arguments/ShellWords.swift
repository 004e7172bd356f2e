/// Splits a REPL line into words the way a shell would, so REPL commands can reuse ``CommandLineParser``.
///
/// Spaces and tabs separate words; `'…'` keeps everything literally; `"…"` keeps everything but lets
/// `\"` and `\\` through; outside quotes `\` makes the next character literal.
///
/// ```swift
/// let words = try ShellWords.split(#"show --path '.["odd key"]' --json"#)
/// // ["show", "--path", ".[\"odd key\"]", "--json"]
/// let parsed = try CommandLineParser(root: replCommands).parse(words)
/// ```
package enum ShellWords {
    /// The words of `line`.
    ///
    /// - Throws: ``ShellWordsError`` for a quote left open or a `\` at the end of the line.
    package static func split(_ line: String) throws(ShellWordsError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: (character: Character, column: Int)?
        var escaping = false
        for (offset, character) in line.enumerated() {
            if escaping {
                word.append(character)
                escaping = false
                continue
            }
            if let open = quote {
                if character == open.character {
                    quote = nil
                } else if character == "\\", open.character == "\"" {
                    escaping = true
                } else {
                    word.append(character)
                }
                continue
            }
            switch character {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'", "\"":
                quote = (character, offset + 1)
                inWord = true
            case "\\":
                escaping = true
                inWord = true
            default:
                word.append(character)
                inWord = true
            }
        }
        if let open = quote { throw .unterminatedQuote(open.character, column: open.column) }
        if escaping { throw .danglingEscape(column: line.count) }
        if inWord { words.append(word) }
        return words
    }
}
