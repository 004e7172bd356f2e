import Testing
import TextControls

@Suite struct EscapedCharactersTests {
    /// The characters the issue named, and the controls escaped before them.
    static let escaped: [Unicode.Scalar] = [
        "\u{0}", "\u{7}", "\u{9}", "\u{A}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{85}", "\u{9F}", "\u{61C}", "\u{200B}", "\u{200E}",
        "\u{200F}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2060}", "\u{2066}",
        "\u{2067}", "\u{2068}", "\u{2069}", "\u{FEFF}",
    ]
    static let shown: [Unicode.Scalar] = [" ", "a", "~", "\u{A0}", "é", "\u{61B}", "\u{2010}", "\u{2027}", "\u{202F}", "\u{206A}", "中", "😀"]

    @Test func containsTheControlsAndTheBidirectionalAndInvisibleCharacters() {
        for scalar in Self.escaped { #expect(EscapedCharacters.contains(scalar), "U+\(String(scalar.value, radix: 16))") }
        for scalar in Self.shown { #expect(!EscapedCharacters.contains(scalar), "U+\(String(scalar.value, radix: 16))") }
    }

    @Test func findsEachCharacterInUTF8WithItsLength() {
        for scalar in Self.escaped + Self.shown {
            var text = "x" + String(Character(scalar)) + "y"
            let found = text.withUTF8 { EscapedCharacters.character(in: $0, at: 1) }
            #expect(found?.scalar == (EscapedCharacters.contains(scalar) ? scalar : nil))
            #expect(found.map(\.length) == (EscapedCharacters.contains(scalar) ? String(scalar).utf8.count : nil))
        }
    }

    @Test func aContinuationByteIsNoCharacter() {
        var text = "a\u{202E}b"
        #expect(text.withUTF8 { EscapedCharacters.character(in: $0, at: 2) } == nil)
        #expect(text.withUTF8 { EscapedCharacters.character(in: $0, at: 3) } == nil)
    }

    @Test func tellsWhetherTextHoldsOne() {
        #expect(!EscapedCharacters.appear(in: "plain text, é and 中"))
        #expect(EscapedCharacters.appear(in: "invoice\u{202E}fdp.exe"))
        #expect(EscapedCharacters.appear(in: "line\u{2028}break"))
        #expect(EscapedCharacters.appear(in: "\u{FEFF}"))
    }

    @Test func writesFourHexadecimalDigits() {
        #expect(EscapedCharacters.hexDigits("\u{1B}", uppercase: true) == "001B")
        #expect(EscapedCharacters.hexDigits("\u{202E}", uppercase: false) == "202e")
    }
}
