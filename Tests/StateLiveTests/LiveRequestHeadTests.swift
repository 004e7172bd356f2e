import StateJSON
import StateLive
import Testing

/// The head of a request (size, JSON object, id, command name) is read once for the live wire and the
/// live page alike; each reader words its failures.
@Suite struct LiveRequestHeadTests {
    func head(_ text: String, maxBytes: Int = 1024) throws(LiveRequestHead.Failure) -> LiveRequestHead {
        try LiveRequestHead(line: Array(text.utf8), maxBytes: maxBytes)
    }

    @Test func readsTheIdAndTheCommandAndKeepsTheMembers() throws {
        let read = try head(#"{"command":"jump","id":7,"step":12}"#)
        #expect(read.command == "jump")
        #expect(read.id == 7)
        #expect(read.object["step"] == 12)
        #expect(try head(#"{"command":"status"}"#).id == .null)
    }

    @Test func saysWhyARequestHasNoHead() {
        let cases: [(String, Int, LiveRequestHead.Failure)] = [
            (#"{"command":"status","id":1}"#, 10, .tooLong(27)),
            ("[1]", 1024, .notAnObject("array")),
            (#"{"id":3}"#, 1024, .missingCommand(id: 3)),
            (#"{"command":5,"id":"a"}"#, 1024, .commandNotAString(id: "a")),
        ]
        for (text, limit, failure) in cases {
            #expect(throws: failure, "\(text)") { try head(text, maxBytes: limit) }
        }
        #expect {
            try head("{")
        } throws: { error in
            if case .notJSON = error as? LiveRequestHead.Failure { true } else { false }
        }
    }
}
