@testable import StateJSON
import Testing

/// `String(validating:as:)` needs iOS 18 and macOS 15; the parser checks UTF-8 with a check of its own.
@Suite struct ValidUTF8Tests {
    @Test func validUTF8ComesBackAsItsString() {
        for text in ["", "plain", "é", "日本語", "🙂 and 🧑‍🧑‍🧒", "\u{FFFD} is a character too", "\u{10FFFF}"] {
            #expect(String(validUTF8: Array(text.utf8)) == text)
        }
    }

    @Test func invalidUTF8IsNoStringWhateverTheRepairWouldHaveBeen() {
        let invalid: [[UInt8]] = [
            [0x80],                     // a continuation byte with no lead
            [0xC3],                     // a lead byte with no continuation
            [0xC0, 0xAF],               // an overlong slash
            [0xED, 0xA0, 0x80],         // a UTF-16 surrogate
            [0xF4, 0x90, 0x80, 0x80],   // past U+10FFFF
            [0x61, 0xFF, 0x62],         // a byte UTF-8 never uses
            [0xEF, 0xBF, 0xBD, 0xFF],   // U+FFFD itself, then an invalid byte
        ]
        for bytes in invalid {
            #expect(String(validUTF8: bytes) == nil, "\(bytes)")
        }
    }
}
