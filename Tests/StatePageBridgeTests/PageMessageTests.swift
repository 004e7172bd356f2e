import StateJSON
import StateLive
@testable import StatePageBridge
import Testing

/// The messages the page gets, as JSON text a script may carry.
@Suite struct PageMessageTests {
    private func text(_ message: PageMessage) -> String {
        String(decoding: message.json, as: UTF8.self)
    }

    @Test func writesEachKindAsTheContractSays() {
        #expect(text(.hello(["app": "users", "lastStep": 2])) == #"{"type":"hello","greeting":{"app":"users","lastStep":2}}"#)
        #expect(text(.lines([Array(#"{"step":1,"label":"a \"b\""}"#.utf8), Array("{}".utf8)]))
            == #"{"type":"lines","lines":["{\"step\":1,\"label\":\"a \\\"b\\\"\"}","{}"]}"#)
        #expect(text(.reply(LiveReply(id: 4, fields: ["step": 3]))) == #"{"type":"reply","reply":{"reply":4,"ok":true,"step":3}}"#)
        #expect(text(.reply(LiveReply(id: "x", error: "No."))) == #"{"type":"reply","reply":{"reply":"x","error":"No.","ok":false}}"#)
        #expect(text(.notice(LiveNotice(.resumed(queued: 2)))) == #"{"type":"notice","notice":{"live":"resumed","queued":2}}"#)
        #expect(text(.error("The app refused the page.")) == #"{"type":"error","message":"The app refused the page."}"#)
        #expect(text(.ended("The page lost the app.")) == #"{"type":"error","ended":true,"message":"The page lost the app."}"#)
    }

    @Test func escapesWhatWouldEndOrBreakAScript() throws {
        let line = Array(#"{"note":"</script><b>&"#.utf8) + Array("\u{2028}\u{2029}\"}".utf8)
        let json = text(.lines([line]))
        #expect(json == #"{"type":"lines","lines":["{\"note\":\"\u003c/script\u003e\u003cb\u003e\u0026\u2028\u2029\"}"]}"#)
        guard case .object(let object) = try JSONValue(parsing: json), case .array(let lines)? = object["lines"] else {
            Issue.record("not a lines message: \(json)")
            return
        }
        #expect(lines.first?.stringValue.map { Array($0.utf8) } == line)
    }
}
