/// The characters no text statedbg writes for a person shows as they are: C0 and C1 controls, and the
/// invisible characters that reorder, join or break lines.
///
/// Labels, keys, strings and paths come from recordings, where anyone may have put anything. A C0 or C1
/// control moves the cursor, clears the screen or retitles the window; a bidirectional override
/// (U+202E) or isolate makes `exe.txt` read as `txt.exe`; a line or paragraph separator (U+2028,
/// U+2029) starts a new line in some viewers and not in others; a zero-width character or byte order
/// mark (U+FEFF) hides a difference between two texts that look alike. Every output escapes them:
/// the terminal (`\u202E`), JSON text rendered for reading (`\u202e`), the Swift of an exported test
/// (`\u{202e}`) and the timeline page (`\u{202E}`), whose script holds the same set and is checked
/// against this one. The one definition is here.
///
/// ```swift
/// EscapedCharacters.contains("\u{202E}")   // true
/// EscapedCharacters.contains("é")          // false
/// ```
package enum EscapedCharacters {
    /// The characters, as ranges of scalar values.
    package static let ranges: [ClosedRange<UInt32>] = [
        0x0000...0x001F,  // C0 controls
        0x007F...0x009F,  // DEL and the C1 controls
        0x061C...0x061C,  // ARABIC LETTER MARK
        0x200B...0x200F,  // zero-width space, non-joiner and joiner; LEFT-TO-RIGHT and RIGHT-TO-LEFT MARK
        0x2028...0x202E,  // LINE and PARAGRAPH SEPARATOR; the bidirectional embeddings and overrides
        0x2060...0x2069,  // WORD JOINER and the invisible operators; the bidirectional isolates
        0xFEFF...0xFEFF,  // ZERO WIDTH NO-BREAK SPACE, the byte order mark
    ]

    /// Whether `scalar` is escaped.
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        contains(scalar.value)
    }

    /// Whether the scalar of value `value` is escaped.
    package static func contains(_ value: UInt32) -> Bool {
        for range in ranges where range.contains(value) { return true }
        return false
    }

    /// Which bytes start the UTF-8 of an escaped character, so that a scan of text decodes only those.
    private static let leadBytes: [Bool] = {
        var leads = [Bool](repeating: false, count: 256)
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), let lead = UTF8.encode(scalar)?.first else { continue }
                leads[Int(lead)] = true
            }
        }
        return leads
    }()

    // Safe because every byte read is at an index checked against bytes.count first.
    /// The escaped character whose UTF-8 starts at `index` of `bytes`, with its length in bytes; `nil`
    /// when the character there is not escaped (or `index` is not the start of a character).
    package static func character(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        let lead = bytes[index]
        guard leadBytes[Int(lead)] else { return nil }
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (0x7F >> length)
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard contains(value), let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    // Safe because the view of the string's bytes is used only during the call.
    /// Whether `text` holds an escaped character; `false` for most text, found without decoding it.
    package static func appear(in text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for index in bytes.indices where character(in: bytes, at: index) != nil { return true }
            return false
        }
    }

    /// The scalar's value as four hexadecimal digits (every escaped character has at most four).
    package static func hexDigits(_ scalar: Unicode.Scalar, uppercase: Bool) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
