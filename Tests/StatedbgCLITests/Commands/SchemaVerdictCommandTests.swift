import Foundation
import StateJSON
import StateRecorder
import StateStore
import StatedbgCLI
import TerminalKit
import TestSupport
import Testing

/// `replay --verify` of a notebook recorded by one version of the app and replayed by another
/// registered under the same name.
@Suite struct SchemaVerdictCommandTests {
    enum Action: Codable, Sendable {
        case write(String)
    }

    /// A notebook app of the given state type: writing appends the page `page` makes.
    static func notebook<State: Codable & Equatable & Sendable, Page>(
        _ initialState: State, pages: WritableKeyPath<State, [Page]> & Sendable, page: @escaping @Sendable (String) -> Page
    ) -> RecordableApp<State, Action> {
        RecordableApp(id: "notebook", initialState: initialState, reducer: Reducer { state, action in
            if case .write(let text) = action { state[keyPath: pages].append(page(text)) }
        }, actionSamples: [Action.write("x")])
    }

    /// The notebook as recorded: pages with text only, starting with a cover page.
    enum Recorded {
        struct Page: Codable, Equatable, Sendable { var text: String }
        struct State: Codable, Equatable, Sendable { var pages: [Page] = [] }
        static let app = notebook(State(pages: [Page(text: "cover")]), pages: \.pages) { Page(text: $0) }
    }

    /// Pages gained an optional tag, which writing leaves out.
    enum Tagged {
        struct Page: Codable, Equatable, Sendable { var text: String; var tag: String? }
        struct State: Codable, Equatable, Sendable { var pages: [Page] = [] }
        static let app = notebook(State(), pages: \.pages) { Page(text: $0) }
    }

    /// The page's text is called its body now.
    enum Renamed {
        struct Page: Codable, Equatable, Sendable { var body: String }
        struct State: Codable, Equatable, Sendable { var pages: [Page] = [] }
        static let app = notebook(State(), pages: \.pages) { Page(body: $0) }
    }

    private func record(in directory: TemporaryDirectory) throws {
        let recorder = try RecordingStore(app: Recorded.app, journal: directory.file("n.jsonl"), clock: RecordingClock.fixed())
        recorder.dispatch(.write("one"))
        recorder.dispatch(.write("two"))
        try recorder.close()
    }

    @Test func aNewOptionalFieldIsNotedAndTheRecordingPasses() throws {
        let directory = try TemporaryDirectory()
        try record(in: directory)
        let run = CommandRun.statedbg("replay", "@n.jsonl", "--verify", "-q", in: directory, apps: [Tagged.app])
        #expect(run.status == .success)
        #expect(run.error == "")
        #expect(run.output == """
            schema: risky: the state's .pages[].tag is a new optional field
            verified 2 steps: every state matches

            """)
        let json = CommandRun.statedbg("replay", "@n.jsonl", "--verify", "-q", "--json", in: directory, apps: [Tagged.app])
        #expect(json.status == .success)
        #expect(try JSONValue(parsing: json.output) == [
            "verify": ["checkedThrough": 2, "divergence": nil, "failure": nil, "passed": true, "replayed": 2, "notReplayed": [], "stoppedAt": nil,
                       "schema": "risky: the state's .pages[].tag is a new optional field"],
        ])
    }

    @Test func aRenamedFieldIsTheVerdictAndTheRecordingFails() throws {
        let directory = try TemporaryDirectory()
        try record(in: directory)
        let run = CommandRun.statedbg("replay", "@n.jsonl", "--verify", "-q", in: directory, apps: [Renamed.app])
        #expect(run.status == .checkFailed)
        #expect(run.error == "")
        #expect(run.output == """
            schema: incompatible: the state's .pages[].text was renamed to .pages[].body, or replaced by it; \
            to keep the recordings made with version 1 of the types, declare version 2: schemaVersion: 2, migrations: [.from(1, .renameField("text", to: "body", in: .state(".pages[*]")))]
            the replay stopped, as the schema check predicts: n.jsonl:1: step 0 cannot be replayed: \
            the state does not decode as the app's state type: pages[0].body: required key "body" is missing.

            """)
    }

    @Test func theReplSaysTheSameAndFailsTheCommand() throws {
        let directory = try TemporaryDirectory()
        try record(in: directory)
        let run = CommandRun.statedbg("repl", "@n.jsonl", "-c", "replay --verify", in: directory, apps: [Renamed.app])
        #expect(run.status == .checkFailed)
        #expect(run.output == "")
        #expect(run.error == """
            statedbg: error: command 1: schema: incompatible: the state's .pages[].text was renamed to .pages[].body, or replaced by it; \
            to keep the recordings made with version 1 of the types, declare version 2: schemaVersion: 2, migrations: [.from(1, .renameField("text", to: "body", in: .state(".pages[*]")))]
            the replay stopped, as the schema check predicts: n.jsonl:1: step 0 cannot be replayed: \
            the state does not decode as the app's state type: pages[0].body: required key "body" is missing.

            """)
    }
}
