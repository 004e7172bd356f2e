import Testing
import StateJSON

/// A recorded string or key holding a bidirectional control, a line separator or an invisible character
/// is rendered with it escaped, still as JSON; the serializer, whose bytes journals keep, writes it raw.
@Suite struct InvisibleCharacterRenderingTests {
    static let value: JSONValue = [
        "file": "invoice\u{202E}fdp.exe",
        "line\u{2028}key": "\u{FEFF}hidden\u{200B}",
        "control": "\u{7F}\u{85}\u{1B}",
    ]

    @Test func theDumpEscapesThem() {
        #expect(JSONDumper().dump(Self.value) == #"""
            {
              "control": "\u007f\u0085\u001b",
              "file": "invoice\u202efdp.exe",
              "line\u2028key": "\ufeffhidden\u200b"
            }
            """#)
    }

    @Test func theDiffEscapesThem() {
        let after: JSONValue = ["file": "invoice\u{202D}exe.pdf"]
        let diff = JSONDiffRenderer().render(from: ["file": "invoice\u{202E}fdp.exe"], to: after)
        #expect(diff == #"""
              {
            -   "file": "invoice\u202efdp.exe"
            +   "file": "invoice\u202dexe.pdf"
              }
            """#)
    }

    @Test func theEscapedTextIsTheSameJSON() throws {
        let rendered = JSONDumper().dump(Self.value)
        #expect(try JSONValue(parsing: rendered) == Self.value)
        #expect(try JSONValue(parsing: JSONTextEscaping.visible(Self.value.prettyText)) == Self.value)
        #expect(!EscapedRaw.appear(in: JSONTextEscaping.visible(Self.value.canonicalText)))
    }

    @Test func theSerializerKeepsThemRawForJournals() {
        #expect(Self.value.canonicalText.contains("\u{202E}"))
        #expect(Self.value.canonicalText.contains("\u{2028}"))
    }
}

/// Whether text holds any of the characters rendering escapes, raw.
private enum EscapedRaw {
    static func appear(in text: String) -> Bool {
        text.unicodeScalars.contains { [0x7F, 0x85, 0x2028, 0x200B, 0x202E, 0xFEFF].contains($0.value) }
    }
}
