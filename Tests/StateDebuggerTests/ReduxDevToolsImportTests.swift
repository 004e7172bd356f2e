import TestFixtures
import TestSupport
import Foundation
import StateDebugger
import StateJSON
import StateJournal
import Testing

@Suite struct ReduxDevToolsImportTests {
    static let lifted = """
        {"actionsById":{
          "0":{"action":{"type":"@@INIT"},"timestamp":1000,"type":"PERFORM_ACTION"},
          "1":{"action":{"type":"ADD_TODO","text":"milk"},"timestamp":1001,"type":"PERFORM_ACTION"},
          "2":{"action":{"type":"TOGGLE_TODO","index":0},"timestamp":1002,"type":"PERFORM_ACTION"},
          "3":{"action":{"type":"ADD_TODO","text":"eggs"},"timestamp":1003,"type":"PERFORM_ACTION"}},
         "computedStates":[
          {"state":{"todos":[]}},
          {"state":{"todos":[{"done":false,"text":"milk"}]}},
          {"state":{"todos":[{"done":true,"text":"milk"}]}},
          {"state":{"todos":[{"done":false,"text":"milk"},{"done":false,"text":"eggs"}]}}],
         "stagedActionIds":[0,1,2,3],"skippedActionIds":[2],"currentStateIndex":3,"nextActionId":4}
        """

    @Test func readsTheLiftedState() throws {
        let source = try ReduxDevToolsImport(text: Self.lifted, name: "todos.json")
        #expect(source.baseStep == 0)
        #expect(source.lastStep == 3)
        #expect(source.info.format == .reduxDevTools)
        #expect(source.info.app == "redux")
        #expect(try source.state(at: 0) == ["todos": []])
        let action = try source.action(at: 1)
        #expect(action.type == "ADD_TODO")
        #expect(action.label == "ADD_TODO(text)")
        #expect(action.payload == ["type": "ADD_TODO", "text": "milk"])
        #expect(try source.record(at: 2).time == 1002)
        #expect(try source.state(at: 3)["todos"]?[1]?["text"] == "eggs")
    }

    @Test func aSkippedActionKeepsThePreviousState() throws {
        let source = try ReduxDevToolsImport(text: Self.lifted, name: "todos.json")
        #expect(source.skippedSteps == [2])
        #expect(try source.action(at: 2).label == "TOGGLE_TODO(index) [skipped]")
        #expect(try source.state(at: 2) == source.state(at: 1))
    }

    @Test func readsTheExportFileWithAStringPayload() throws {
        let document: JSONValue = ["payload": .string(Self.lifted), "preloadedState": #"{"todos":[]}"#]
        let source = try ReduxDevToolsImport(text: document.canonicalText, name: "export.json", app: "todos")
        #expect(source.lastStep == 3)
        #expect(source.info.app == "todos")
        #expect(try source.action(at: 3).payload["text"] == "eggs")
        let timeline = Timeline(source: source)
        try timeline.jump(to: -1)
        #expect(try timeline.diff(from: 1, to: 3)?.patch.operations.count == 1)
    }

    @Test func readsAnExportWithAnObjectPayloadAndNoComputedStates() throws {
        let document: JSONValue = [
            "payload": ["actionsById": [:], "computedStates": [], "stagedActionIds": []],
            "preloadedState": ["todos": ["x"]],
        ]
        let source = try ReduxDevToolsImport(document: document, name: "empty.json")
        #expect(source.lastStep == 0)
        #expect(try source.state(at: 0) == ["todos": ["x"]])
    }

    @Test func explainsWhatIsMissing() {
        #expect(throws: DebuggerError.malformedImport(path: "a.json", reason: #"has payload[0], which is not an action object with a string "type""#)) {
            try ReduxDevToolsImport(text: #"{"payload":"[1]"}"#, name: "a.json")
        }
        #expect(throws: DebuggerError.malformedImport(path: "b.json", reason: #"has no action 7 in "actionsById", which stagedActionIds lists at position 1"#)) {
            try ReduxDevToolsImport(text: #"{"actionsById":{},"computedStates":[{"state":1},{"state":2}],"stagedActionIds":[0,7]}"#, name: "b.json")
        }
        #expect(DebuggerError.malformedImport(path: "b.json", reason: "has no \"actionsById\" object").description
            == #"b.json: this Redux DevTools export has no "actionsById" object."#)
    }

    @Test func theLoaderTellsTheFormatsApart() throws {
        let directory = try TemporaryDirectory()
        let exportPath = directory.file("export.json")
        try Data(Self.lifted.utf8).write(to: URL(fileURLWithPath: exportPath))
        #expect(try RecordingLoader.open(path: exportPath) is ReduxDevToolsImport)

        let journalPath = try Recordings.write([.increment], to: directory.file("journal.jsonl"))
        #expect(try RecordingLoader.open(path: journalPath) is JournalSource)

        // A header longer than the part of the file the loader sniffs.
        let bigPath = directory.file("big.jsonl")
        let big = JournalBuilder(header: Recordings.header(for: TestApps.counter(),
                                                           initialState: ["count": 0, "notes": [.string(String(repeating: "x", count: 10_000))]]))
        var bytes: [UInt8] = []
        big.writeHeader(into: &bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: bigPath))
        #expect(try RecordingLoader.open(path: bigPath) is JournalSource)

        let listPath = directory.file("list.json")
        try Data("[1, 2]".utf8).write(to: URL(fileURLWithPath: listPath))
        #expect(throws: DebuggerError.unrecognizedFormat(path: listPath, reason: "the file is a JSON array without the actionsById and computedStates (or payload) members of a Redux DevTools export")) {
            try RecordingLoader.open(path: listPath)
        }

        let textPath = directory.file("notes.txt")
        try Data("hello\nworld\n".utf8).write(to: URL(fileURLWithPath: textPath))
        do {
            _ = try RecordingLoader.open(path: textPath)
            Issue.record("plain text opened as a recording")
        } catch {
            #expect(error.exitStatus == 65)
            #expect(error.description.hasPrefix("\(textPath): the first line is not a statedbg journal header and the file is not one JSON document"))
        }

        do {
            _ = try RecordingLoader.open(path: directory.file("missing.jsonl"))
            Issue.record("a missing file opened")
        } catch {
            #expect(error.exitStatus == 66)
            #expect(error.description == "\(directory.file("missing.jsonl")): no such file.")
        }
    }
}
