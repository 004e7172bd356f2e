import StateJSON
import StateLive
@testable import StatePageBridge
import Testing

/// Reading the page's requests, and the typed actions in them, without an app.
@Suite struct PageRequestTests {
    /// The users app's action shapes, as its journal header writes them.
    private let shapes: [String: JSONValue] = [
        "users.addUser": ["cases": ["addUser": ["fields": ["age": ["type": "Int"], "name": ["type": "String"]]]]],
    ]

    private func command(_ json: String) throws -> LiveCommand {
        try PageRequest(json: Array(json.utf8)).liveCommand(actionShapes: shapes)
    }

    private func error(_ json: String, maxBytes: Int = PageRequest.defaultMaxBytes) -> PageRequestError? {
        do {
            _ = try PageRequest(json: Array(json.utf8), maxBytes: maxBytes).liveCommand(actionShapes: shapes)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsThePagesCommandsAsTheWiresOwn() throws {
        #expect(try command(#"{"command":"jump","step":3,"id":1}"#) == .jump(step: 3))
        #expect(try command(#"{"command":"undo","id":1}"#) == .undo(count: 1))
        #expect(try command(#"{"command":"redo","count":2}"#) == .redo(count: 2))
        #expect(try command(#"{"command":"pause"}"#) == .pause)
        #expect(try command(#"{"command":"resume"}"#) == .resume)
        #expect(try command(#"{"command":"snapshot"}"#) == .snapshot)
        #expect(try command(#"{"command":"status"}"#) == .status)
        #expect(try PageRequest(json: Array(#"{"command":"status","id":{"n":[1]}}"#.utf8)).id == ["n": [1]])
    }

    @Test func readsADispatchInEveryFormAppDispatchTakes() throws {
        let ada: JSONValue = ["addUser": ["age": 36, "name": "Ada"]]
        #expect(try command(#"{"command":"dispatch","text":"users.addUser(name: \"Ada\", age: 36)"}"#)
            == .dispatch(type: "users.addUser", payload: ada))
        #expect(try command(#"{"command":"dispatch","text":"addUser {\"name\":\"Ada\",\"age\":36}"}"#)
            == .dispatch(type: "addUser", payload: ["name": "Ada", "age": 36]))
        #expect(try command(#"{"command":"dispatch","text":"counter.increment"}"#) == .dispatch(type: "counter.increment", payload: .null))
        #expect(try command(#"{"command":"dispatch","text":"{\"type\":\"users.addUser\",\"payload\":{\"name\":\"Ada\",\"age\":36}}"}"#)
            == .dispatch(type: "users.addUser", payload: ["name": "Ada", "age": 36]))
        #expect(try command(#"{"command":"dispatch","text":" {\"addUser\":{\"name\":\"Ada\",\"age\":36}} "}"#)
            == .dispatch(type: "addUser", payload: ada))
    }

    @Test func saysWhatIsWrongWithABadRequest() {
        #expect(error(#"{"command":"status","id":1}"#, maxBytes: 10)?.description
            == "The request is 27 bytes long, over the page's limit of 10 bytes; it was not sent to the app.")
        #expect(error("{").map { "\($0)" }?.hasPrefix("The request is not JSON: ") == true)
        #expect(error(#""jump""#)?.description == #"The request is a JSON string, not an object with a "command" member."#)
        #expect(error(#"{"command":"read","part":0,"offset":0,"id":4}"#)
            == .unknownCommand(id: 4, "read"))
        #expect(error(#"{"command":7,"id":5}"#)?.description == #"The request command's "command" must be a string."#)
        #expect(error(#"{"command":"undo","count":0,"id":6}"#)
            == .badArgument(id: 6, command: "undo", member: "count", expected: "an integer from 1"))
        #expect(error(#"{"command":"dispatch","text":"{\"a\":1,\"b\":2}","id":7}"#)?.description
            == #"The object {"a":1,"b":2} names no action: it has neither a "type" member nor a single case; write it as `statedbg log` prints it, e.g. users.addUser(name: "Ada", age: 36), or as TYPE PAYLOAD, e.g. users.addUser {"name":"Ada","age":36}."#)
        #expect(error(#"{"command":"dispatch","text":"users.addUser(name: \"Ada\"","id":8}"#)?.id == 8)
    }
}
