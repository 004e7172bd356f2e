import Testing
@testable import StateLive

@Suite struct LiveLineSplitterTests {
    private func pieces(_ chunks: [String], limit: Int) -> [LiveLineSplitter.Piece] {
        var splitter = LiveLineSplitter(limit: limit)
        var found: [LiveLineSplitter.Piece] = []
        for chunk in chunks {
            Array(chunk.utf8).withUnsafeBytes { splitter.append($0) { found.append($0) } }
        }
        return found
    }

    @Test func joinsLinesCutAcrossReadsAndSplitsSeveralInOne() {
        #expect(pieces(["{\"a\"", ":1}\n{\"b\":2}\n{\"c\""], limit: 100)
            == [.line(Array("{\"a\":1}".utf8)), .line(Array("{\"b\":2}".utf8))])
        #expect(pieces(["x\n\ny\n"], limit: 100) == [.line(Array("x".utf8)), .line([]), .line(Array("y".utf8))])
    }

    @Test func skipsALineOverTheLimitWithoutHoldingItAndGoesOn() {
        let long = String(repeating: "z", count: 25)
        #expect(pieces(["ok\n" + long.prefix(10), long.dropFirst(10) + "\nnext\n"], limit: 8)
            == [.line(Array("ok".utf8)), .tooLong(25), .line(Array("next".utf8))])
    }
}
