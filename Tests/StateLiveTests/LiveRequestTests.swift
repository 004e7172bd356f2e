import StateJSON
import Testing
@testable import StateLive

@Suite struct LiveRequestTests {
    private func decode(_ text: String) throws(LiveProtocolError) -> LiveRequest {
        try LiveRequest(line: Array(text.utf8))
    }

    @Test func decodesEveryCommandWithItsArguments() throws {
        #expect(try decode(#"{"command":"hello","version":1,"client":"py","id":1}"#)
            == LiveRequest(id: 1, command: .hello(version: 1, client: "py", token: nil)))
        #expect(try decode(#"{"command":"subscribe","id":"a"}"#) == LiveRequest(id: "a", command: .subscribe(from: 0)))
        #expect(try decode(#"{"command":"subscribe","from":12,"id":2}"#).command == .subscribe(from: 12))
        #expect(try decode(#"{"command":"jump","step":3}"#) == LiveRequest(id: .null, command: .jump(step: 3)))
        #expect(try decode(#"{"command":"undo"}"#).command == .undo(count: 1))
        #expect(try decode(#"{"command":"redo","count":4}"#).command == .redo(count: 4))
        #expect(try decode(#"{"command":"dispatch","action":{"type":"users.addUser","payload":{"addUser":{"age":3,"name":"A"}}}}"#).command
            == .dispatch(type: "users.addUser", payload: ["addUser": ["age": 3, "name": "A"]]))
        #expect(try decode(#"{"command":"mark","name":"before login"}"#).command == .mark(name: "before login"))
        #expect(try decode(#"{"command":"read","part":1,"offset":0}"#).command == .read(part: 1, offset: 0, length: 262_144))
        #expect(try decode(#"{"command":"hello","version":1,"proof":"9c","challenge":"5a","id":1}"#).command
            == .hello(version: 1, client: nil, token: nil, proof: LiveProof(answer: "9c", challenge: "5a")))
        for name in ["pause", "resume", "snapshot", "status", "unsubscribe", "journal"] {
            #expect(try decode(#"{"command":"\#(name)"}"#).command.name == name)
        }
    }

    @Test func everyCommandSurvivesItsOwnLine() throws {
        let commands: [LiveCommand] = [
            .hello(version: 1, client: "statedbg", token: "ab12"), .subscribe(from: 7), .unsubscribe, .jump(step: 2),
            .undo(count: 2), .redo(count: 1), .dispatch(type: "counter.add", payload: ["add": ["_0": 5]]),
            .mark(name: "x"), .pause, .resume, .snapshot, .status, .journal, .read(part: 1, offset: 4096, length: 512),
            .hello(version: 1, client: "statedbg listen", proof: LiveProof(answer: "9c1e", challenge: "5a0f")),
        ]
        for command in commands {
            let line = LiveRequest(id: 9, command: command).line
            #expect(line.last == 0x0A)
            #expect(try LiveRequest(line: line.dropLast()) == LiveRequest(id: 9, command: command))
        }
        #expect(String(decoding: LiveRequest(id: 4, command: .jump(step: 12)).line, as: UTF8.self)
            == "{\"command\":\"jump\",\"id\":4,\"step\":12}\n")
    }

    @Test func refusesBadLinesWithSentencesCarryingTheID() {
        #expect(throws: LiveProtocolError.unknownCommand(id: 3, "explode")) { try decode(#"{"command":"explode","id":3}"#) }
        #expect(throws: LiveProtocolError.missingCommand(id: 5)) { try decode(#"{"id":5}"#) }
        #expect(throws: LiveProtocolError.notAnObject("array")) { try decode("[1,2]") }
        #expect(throws: LiveProtocolError.badArgument(id: 1, command: "jump", member: "step", expected: "an integer from 0")) {
            try decode(#"{"command":"jump","id":1,"step":-2}"#)
        }
        #expect(throws: LiveProtocolError.badArgument(id: .null, command: "jump", member: "step", expected: "an integer from 0")) {
            try decode(#"{"command":"jump","step":"3"}"#)
        }
        #expect(throws: LiveProtocolError.badArgument(id: .null, command: "dispatch", member: "action.type", expected: "a non-empty string")) {
            try decode(#"{"command":"dispatch","action":{"payload":1}}"#)
        }
        #expect(LiveProtocolError.unknownCommand(id: 3, "explode").description
            == #"Unknown command "explode"; commands: hello, subscribe, unsubscribe, jump, undo, redo, dispatch, mark, pause, resume, snapshot, status, journal, read, trap, untrap."#)
        #expect(LiveProtocolError.lineTooLong(2_000_000).description
            == "The line is 2000000 bytes long, over the limit of 1048576 bytes; it was skipped.")
        do {
            _ = try decode("{nope")
            Issue.record("a line that is not JSON must be refused")
        } catch {
            guard case .notJSON = error else {
                Issue.record("a line that is not JSON must be refused as such, not as \(error)")
                return
            }
        }
    }

    @Test func repliesAndNoticesLeadWithWhatTheyAre() {
        let ok = LiveReply(id: 7, fields: ["step": 12, "message": "the app's state is now step 12"])
        #expect(String(decoding: ok.line, as: UTF8.self)
            == "{\"reply\":7,\"message\":\"the app's state is now step 12\",\"ok\":true,\"step\":12}\n")
        let failed = LiveReply(id: "x", error: "There is no step 99.")
        #expect(String(decoding: failed.line, as: UTF8.self) == "{\"reply\":\"x\",\"error\":\"There is no step 99.\",\"ok\":false}\n")
        #expect(String(decoding: LiveNotice(.closed, fields: ["reason": "the app closed its recorder"]).line, as: UTF8.self)
            == "{\"live\":\"closed\",\"reason\":\"the app closed its recorder\"}\n")
        guard case .object(let object)? = try? JSONValue(parsing: failed.line.dropLast().map { $0 }) else {
            Issue.record("a reply line must parse")
            return
        }
        #expect(LiveReply(object) == failed)
        #expect(LiveNotice(object) == nil)
    }
}
