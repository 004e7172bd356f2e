import Testing
import TerminalKit

@Suite struct KeyDecoderTests {
    private func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes)
    }

    private func keys(_ text: String) -> [Key] {
        keys(Array(text.utf8))
    }

    @Test func decodesPrintableAndControlKeys() {
        #expect(keys("ab\r\t") == [.character("a"), .character("b"), .enter, .tab])
        #expect(keys([0x01, 0x05, 0x0B, 0x15, 0x17, 0x03, 0x04, 0x7F, 0x08]) == [
            .control("a"), .control("e"), .control("k"), .control("u"), .control("w"), .control("c"), .control("d"),
            .backspace, .backspace,
        ])
    }

    @Test func decodesEveryHomeEndAndArrowSpelling() {
        #expect(keys("\u{1B}[H\u{1B}[1~\u{1B}[7~\u{1B}OH") == [.home, .home, .home, .home])
        #expect(keys("\u{1B}[F\u{1B}[4~\u{1B}[8~\u{1B}OF") == [.end, .end, .end, .end])
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA") == [.up, .down, .right, .left, .up])
        #expect(keys("\u{1B}[3~") == [.delete])
        #expect(keys("\u{1B}[1;5C\u{1B}[1;5D\u{1B}b\u{1B}f") == [.wordRight, .wordLeft, .wordLeft, .wordRight])
    }

    @Test func waitsForTheRestOfASplitSequence() {
        var decoder = KeyDecoder()
        let euro = Array("€".utf8)
        let chunks: [[UInt8]] = [[0x1B, 0x5B], [0x33], [0x7E, 0x61], Array(euro.prefix(2)), Array(euro.suffix(1))]
        var decoded: [[Key]] = []
        var pending: [Bool] = []
        for chunk in chunks {
            decoded.append(decoder.decode(chunk))
            pending.append(decoder.hasPending)
        }
        #expect(decoded == [[], [], [.delete, .character("a")], [], [.character("€")]])
        #expect(pending == [true, true, false, true, false])
    }

    @Test func reportsUnknownAndMalformedInputWithoutStalling() {
        #expect(keys("\u{1B}[99~x") == [.unknown(Array("\u{1B}[99~".utf8)), .character("x")])
        #expect(keys([0xC3, 0x41]) == [.unknown([0xC3, 0x41])])
        #expect(keys([0x80]) == [.unknown([0x80])])
    }
}
