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
    /// `word` as a shell reads it back as one word: unchanged when it holds only characters no shell
    /// treats specially (letters, digits, `-_./:=+,@%`), else in single quotes.
    ///
    /// ```swift
    /// ShellWords.quoted("Recordings/bank.jsonl")   // Recordings/bank.jsonl
    /// ShellWords.quoted("my file's.jsonl")         // 'my file'\''s.jsonl'
    /// ```
    package static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./:=+,@%".unicodeScalars.contains(scalar))
        }
        if plain { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

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
