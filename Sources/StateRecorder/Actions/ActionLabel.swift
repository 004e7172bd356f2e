/// An action written as `statedbg log` prints it — its tag and, in parentheses, its arguments as Swift
/// would write them — read back so that it can be dispatched again.
///
/// ``ActionDescriber`` writes these labels; this type reads them. The REPL's `dispatch` and `app
/// dispatch` take an action in this form, and ``payloadCandidates(shapes:)`` turns it into the JSON the
/// action's `Codable` conformance reads:
///
/// ```swift
/// let label = try ActionLabel(parsing: #"users.addUser(name: "Eve", age: -5)"#)
/// label.tag                                           // "users.addUser"
/// try label.payloadCandidates(shapes: schema.actions).first
/// ```
/// ```text
/// {"addUser":{"age":-5,"name":"Eve"}}
/// ```
///
/// A label that ``ActionDescriber`` shortened (`…`, `[… 8 elements]`, `Repository(…)`) or whose values
/// were redacted does not say what the action holds, and is refused; `statedbg log --full` prints
/// labels whole.
package struct ActionLabel: Sendable, Equatable {
    /// One argument: `name: "Eve"`, or an unlabelled value.
    package struct Argument: Sendable, Equatable {
        /// The argument's label; `nil` for an unlabelled value.
        package var label: String?
        /// The value.
        package var value: Value
    }

    /// A value as a label writes it.
    package indirect enum Value: Sendable, Equatable {
        /// A quoted string, unescaped.
        case string(String)
        /// Anything written without quotes and without parentheses: a number, `true`, `nil`, an enum
        /// case without associated values, an ISO 8601 date, a UUID.
        case word(String)
        /// A name with arguments: a struct (`Todo(id: 1, title: "x")`) or an enum case with
        /// associated values (`success([…])`).
        case call(String, [Argument])
        /// `[a, b]`.
        case array([Value])
        /// `[key: value, …]`; `[:]` when empty.
        case dictionary([Entry])
    }

    /// One entry of a dictionary.
    package struct Entry: Sendable, Equatable {
        /// The key.
        package var key: Value
        /// The value.
        package var value: Value
    }

    /// The action's tag: `users.addUser`.
    package var tag: String
    /// The arguments in parentheses; `nil` when the label has none (`counter.increase`).
    package var arguments: [Argument]?

    /// Reads a label such as `bank.pay(from: jenny, to: donald, amount: 10)`.
    ///
    /// - Throws: ``ActionLabelParseError`` naming the column, for text that is not a label, and for a
    ///   shortened or redacted one.
    package init(parsing text: String) throws(ActionLabelParseError) {
        var reader = Reader(text)
        reader.skipSpaces()
        let start = reader.index
        while let character = reader.peek, character != "(", !character.isWhitespace {
            reader.advance()
        }
        tag = String(reader.text[start..<reader.index])
        guard !tag.isEmpty else { throw reader.error("expected an action's tag, such as users.addUser") }
        guard !tag.contains("…") else { throw reader.shortened() }
        if reader.peek == "(" {
            reader.advance()
            arguments = try reader.arguments(closing: ")")
        } else {
            arguments = nil
        }
        reader.skipSpaces()
        guard reader.peek == nil else { throw reader.error("unexpected text after the action") }
    }
}

/// Why a text is not an action label.
///
/// ```text
/// column 24: the label is shortened (…), so it does not say what the action holds; print it whole with `statedbg log FILE --full`, or give the action's JSON
/// ```
package struct ActionLabelParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based column, in characters.
    package var column: Int
    /// What is wrong there.
    package var message: String

    /// `column N: message`.
    package var description: String { "column \(column): \(message)" }
}

/// Reads a label from left to right.
private struct Reader {
    let text: String
    var index: String.Index

    init(_ text: String) {
        self.text = text
        index = text.startIndex
    }

    var peek: Character? { index < text.endIndex ? text[index] : nil }

    mutating func advance() {
        index = text.index(after: index)
    }

    mutating func skipSpaces() {
        while let character = peek, character.isWhitespace { advance() }
    }

    func error(_ message: String) -> ActionLabelParseError {
        ActionLabelParseError(column: text.distance(from: text.startIndex, to: index) + 1, message: message)
    }

    func shortened() -> ActionLabelParseError {
        error("the label is shortened (…), so it does not say what the action holds; print it whole with `statedbg log FILE --full`, or give the action's JSON")
    }

    /// Arguments up to `closing`, which is consumed.
    mutating func arguments(closing: Character) throws(ActionLabelParseError) -> [ActionLabel.Argument] {
        var arguments: [ActionLabel.Argument] = []
        skipSpaces()
        if peek == closing {
            advance()
            return arguments
        }
        while true {
            skipSpaces()
            let label = argumentLabel()
            arguments.append(ActionLabel.Argument(label: label, value: try value()))
            skipSpaces()
            switch peek {
            case ","?: advance()
            case closing?:
                advance()
                return arguments
            case nil: throw error("expected \(closing) to close the arguments")
            default: throw error("expected , or \(closing) after an argument")
            }
        }
    }

    /// `name` of `name: value`, consumed with its colon; `nil` (nothing consumed) for an unlabelled value.
    mutating func argumentLabel() -> String? {
        var probe = index
        guard probe < text.endIndex, text[probe] == "_" || text[probe].isLetter else { return nil }
        while probe < text.endIndex, text[probe] == "_" || text[probe].isLetter || text[probe].isNumber { probe = text.index(after: probe) }
        guard probe < text.endIndex, text[probe] == ":" else { return nil }
        let afterColon = text.index(after: probe)
        // `name: value`: a colon that a space follows. A colon inside a word (a URL, a time) is no label.
        guard afterColon == text.endIndex || text[afterColon].isWhitespace else { return nil }
        let label = String(text[index..<probe])
        index = afterColon
        return label
    }

    mutating func value() throws(ActionLabelParseError) -> ActionLabel.Value {
        skipSpaces()
        switch peek {
        case nil:
            throw error("expected a value")
        case "\""?:
            return .string(try string())
        case "["?:
            advance()
            return try collection()
        case "<"? where text[index...].hasPrefix("<redacted>"):
            throw error("the value is redacted, so the label does not say what the action holds; give the action's JSON")
        default:
            let start = index
            while let character = peek, !character.isWhitespace, !"()[],\"".contains(character) {
                if character == ":" {
                    // `key: value` in a dictionary ends the key here.
                    let next = text.index(after: index)
                    if next == text.endIndex || text[next].isWhitespace { break }
                }
                advance()
            }
            let word = String(text[start..<index])
            guard !word.isEmpty else { throw error("expected a value") }
            guard !word.contains("…") else { throw shortened() }
            if peek == "(" {
                advance()
                skipSpaces()
                if peek == "…" { throw shortened() }
                return .call(word, try arguments(closing: ")"))
            }
            return .word(word)
        }
    }

    /// After `[`: an array, or a dictionary.
    mutating func collection() throws(ActionLabelParseError) -> ActionLabel.Value {
        skipSpaces()
        if peek == "]" {
            advance()
            return .array([])
        }
        if peek == ":" {
            advance()
            skipSpaces()
            guard peek == "]" else { throw error("expected ] after [:") }
            advance()
            return .dictionary([])
        }
        if peek == "…" { throw shortened() }
        var elements: [ActionLabel.Value] = []
        var entries: [ActionLabel.Entry] = []
        var isDictionary: Bool?
        while true {
            let element = try value()
            skipSpaces()
            if peek == ":" {
                guard isDictionary != false else { throw error("expected , or ] in an array") }
                isDictionary = true
                advance()
                entries.append(ActionLabel.Entry(key: element, value: try value()))
                skipSpaces()
            } else {
                guard isDictionary != true else { throw error("expected : after a dictionary's key") }
                isDictionary = false
                elements.append(element)
            }
            switch peek {
            case ","?: advance()
            case "]"?:
                advance()
                return isDictionary == true ? .dictionary(entries) : .array(elements)
            case nil: throw error("expected ] to close the list")
            default: throw error("expected , or ] in a list")
            }
        }
    }

    /// A quoted string, with the escapes ``ActionDescriber`` writes (`\"`, `\\`, `\n`, `\t`) and `\r`,
    /// `\0`, `\u{…}` as Swift reads them.
    mutating func string() throws(ActionLabelParseError) -> String {
        advance()
        var result = ""
        while true {
            guard let character = peek else { throw error("the string is not closed with \"") }
            advance()
            switch character {
            case "\"":
                return result
            case "\\":
                guard let escaped = peek else { throw error("the string is not closed with \"") }
                advance()
                switch escaped {
                case "\"", "\\", "'": result.append(escaped)
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "0": result.append("\0")
                case "u":
                    guard peek == "{" else { throw error("expected { after \\u") }
                    advance()
                    let start = index
                    while let digit = peek, digit.isHexDigit { advance() }
                    guard peek == "}", let code = UInt32(text[start..<index], radix: 16), let scalar = Unicode.Scalar(code) else {
                        throw error("expected hexadecimal digits and } in \\u{…}")
                    }
                    advance()
                    result.unicodeScalars.append(scalar)
                default:
                    throw error("unknown escape \\\(escaped) in a string")
                }
            default:
                result.append(character)
            }
        }
    }
}
