import TextControls

/// Makes text safe to print on a terminal by writing its control characters as visible escapes.
///
/// Labels, values and paths come from recordings, and REPL input is echoed in errors; a recording that
/// holds `ESC ] 0 ; … BEL` could otherwise retitle the window, clear the screen or move the cursor, and
/// one that holds U+202E could make a label read backwards. Every character of ``EscapedCharacters``
/// (C0 and C1 controls, DEL, the bidirectional controls, line and paragraph separators, zero-width
/// characters) except line feed and tab, which lay out the output, is written as `\uXXXX`, which
/// keeps JSON output valid, since those characters can only occur inside JSON strings. The sequences of
/// ``TerminalColour``, which coloured diffs are written with, pass unchanged where a diff writes them,
/// and only there: red, green or dim after nothing but spaces on its line and before the `- `, `+ ` or
/// two spaces of a diff line's marker, and reset at the end of a line that such a colour opened. The
/// same sequence anywhere else, as in a recorded label `rename("\u{1B}[31meve")` or a recorded type
/// that ends in a reset, is escaped.
///
/// ```swift
/// print(ControlCharacterEscaper.escape("bank.rename(\"\u{1B}]0;PWNED\u{07}\")"))
/// print(ControlCharacterEscaper.escape("bank.attach(\"invoice\u{202E}fdp.exe\")"))
/// ```
/// ```text
/// bank.rename("\u001B]0;PWNED\u0007")
/// bank.attach("invoice\u202Efdp.exe")
/// ```
package enum ControlCharacterEscaper {
    private static let colours: [[UInt8]] = TerminalColour.allCases.map { Array($0.escape.utf8) }
    private static let reset = Array(TerminalColour.reset.utf8)

    /// `text` with its control characters escaped; `text` itself when it has none, which is the usual case.
    package static func escape(_ text: String) -> String {
        var text = text
        let clean = text.withUTF8 { bytes in
            for index in bytes.indices where escaped(bytes, at: index) != nil && colourLength(bytes, at: index) == 0 { return false }
            return true
        }
        if clean { return text }
        return text.withUTF8 { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            var index = 0
            while index < bytes.count {
                let colour = colourLength(bytes, at: index)
                if colour > 0 {
                    output.append(contentsOf: bytes[index..<index + colour])
                    index += colour
                } else if let (scalar, length) = escaped(bytes, at: index) {
                    output.append(contentsOf: #"\u"#.utf8)
                    output.append(contentsOf: EscapedCharacters.hexDigits(scalar, uppercase: true).utf8)
                    index += length
                } else {
                    output.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    // Safe because callers pass an index below bytes.count, and EscapedCharacters checks every further read.
    /// The escaped character that starts at `index`, with its length: one of ``EscapedCharacters`` but
    /// line feed and tab.
    private static func escaped(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        let byte = bytes[index]
        if byte == 0x0A || byte == 0x09 { return nil }
        return EscapedCharacters.character(in: bytes, at: index)
    }

    // Safe because every read is checked against bytes.count first.
    /// The length of the allowed colour sequence that starts at `index`, or 0: a colour where a diff
    /// line starts (only spaces before it on its line, a marker after it), a reset where a line that
    /// such a colour opened ends.
    private static func colourLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        guard bytes[index] == 0x1B else { return 0 }
        if matches(reset, bytes, at: index) {
            let end = index + reset.count
            guard end == bytes.count || bytes[end] == 0x0A else { return 0 }
            // A reset that no colour of the renderer's opened is recorded text that ends in one.
            var first = index
            while first > 0, bytes[first - 1] != 0x0A { first -= 1 }
            while first < index, bytes[first] == 0x20 { first += 1 }
            return first < index && openingColourLength(bytes, at: first) > 0 ? reset.count : 0
        }
        return openingColourLength(bytes, at: index)
    }

    // Safe because every read is checked against bytes.count first.
    /// The length of the red, green or dim sequence that starts a diff line at `index`, or 0.
    private static func openingColourLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        guard bytes[index] == 0x1B else { return 0 }
        var start = index
        while start > 0, bytes[start - 1] == 0x20 { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A else { return 0 }
        for colour in colours where matches(colour, bytes, at: index) {
            let marker = index + colour.count
            guard marker + 1 < bytes.count, bytes[marker + 1] == 0x20,
                  [UInt8(ascii: "-"), UInt8(ascii: "+"), 0x20].contains(bytes[marker]) else { return 0 }
            return colour.count
        }
        return 0
    }

    // Safe because the sequence's end is checked against bytes.count before any byte is read.
    private static func matches(_ sequence: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + sequence.count <= bytes.count && zip(sequence.indices, sequence).allSatisfy { bytes[index + $0] == $1 }
    }
}
