import Foundation
import StateJSON
import StateJournal
import TestSupport
import Testing

/// `statedbg replay --verify` on recordings made by older versions of the users app's types: the built
/// binary (which registers the example apps) names each changed field and exits 1, or notes an
/// addition and exits 0.
///
/// Each journal is written here with a header whose schema is what the older types would have
/// described, and with states and actions in those types' Codable form.
@Suite struct SchemaVerdictTests {
    private let statedbg: StatedbgProcess
    private let directory: TemporaryDirectory

    init() throws {
        statedbg = try StatedbgProcess.locate()
        directory = try TemporaryDirectory()
    }

    /// The users app's schema today, as a header stores it.
    static let currentSchema = """
        {"actions":{\
        "users.addUser":{"cases":{"addUser":{"fields":{"age":{"type":"Int"},"name":{"type":"String"}},"type":"tuple"}},"type":"Action"},\
        "users.updateAge":{"cases":{"updateAge":{"fields":{"age":{"type":"Int"},"id":{"type":"Int"}},"type":"tuple"}},"type":"Action"},\
        "users.updateName":{"cases":{"updateName":{"fields":{"id":{"type":"Int"},"name":{"type":"String"}},"type":"tuple"}},"type":"Action"}},\
        "state":{"fields":{"nextID":{"type":"Int"},"users":{"element":{"fields":{"age":{"type":"Int"},"id":{"type":"Int"},"name":{"type":"String"}},\
        "type":"User"},"type":"Array<User>"}},"type":"State"}}
        """

    /// The schema of an older User, `{id, fullName, age}`, with `fullName` in the actions too.
    static let fullNameSchema = currentSchema.replacingOccurrences(of: #""name":{"type":"String"}"#, with: #""fullName":{"type":"String"}"#)

    /// The verdict on a recording made with ``fullNameSchema``.
    static let fullNameVerdict = """
        incompatible: the state's .users[].fullName was renamed to .users[].name, or replaced by it; \
        the action users.addUser's .fullName was renamed to .name, or replaced by it; \
        the action users.updateName's .fullName was renamed to .name, or replaced by it; \
        to keep the recordings made with version 1 of the types, declare version 2: schemaVersion: 2, migrations: [.from(1, .renameField("fullName", to: "name", in: .state(".users[*]")), \
        .renameField("fullName", to: "name", in: .action("users.addUser", ".addUser")), \
        .renameField("fullName", to: "name", in: .action("users.updateName", ".updateName")))]
        """

    /// Writes a users journal with `schema` in its header, starting from `initialState` (no users).
    private func write(_ name: String, schema: String, initialState: String = #"{"nextID":1,"users":[]}"#,
                       steps: [(type: String, payload: String, state: String)]) throws -> String {
        let initial = try JSONValue(parsing: initialState)
        let header = JournalHeader(tool: "statedbg 0.1.0", app: "users", stateType: "ExampleApps.UsersApp.State",
                                   actionType: "ExampleApps.UsersApp.Action", schema: try JSONValue(parsing: schema),
                                   schemaHash: "0000000000000000", created: "2026-01-01T00:00:00.000Z",
                                   initialState: initial, hash: StateFingerprint.of(initial, scheme: .chunked))
        let builder = JournalBuilder(header: header)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for (index, step) in steps.enumerated() {
            let action = JournalAction(type: step.type, label: step.type, payload: try JSONValue(parsing: step.payload))
            builder.appendStep(action: action, state: try JSONValue(parsing: step.state), time: Int64(index + 1), into: &bytes)
        }
        return try directory.writeBytes(bytes, to: name)
    }

    private func run(_ arguments: String...) throws -> StatedbgProcess.Result {
        try statedbg.run(arguments, in: directory.path)
    }

    /// The older User was `{id, fullName, age}`; the recording starts with no users, so only the schema
    /// (probed from the type, not reflected from an empty array) can tell the element's fields apart.
    @Test func aRenamedFieldOfAnArrayElementIsNamedAndFailsTheCheck() throws {
        _ = try write("old.jsonl", schema: Self.fullNameSchema, steps: [
            ("users.addUser", #"{"addUser":{"age":30,"fullName":"Ann"}}"#, #"{"nextID":2,"users":[{"age":30,"fullName":"Ann","id":1}]}"#),
        ])
        let result = try run("replay", "old.jsonl", "--verify", "--quiet")
        #expect(result.status == 1, "\(result.error)")
        #expect(result.error == "")
        #expect(result.output == """
            schema: \(Self.fullNameVerdict)
            the replay stopped, as the schema check predicts: old.jsonl:2: step 1 cannot be replayed: \
            the users.addUser action's payload does not decode: addUser.name: required key "name" is missing.

            """)

        let json = try run("replay", "old.jsonl", "--verify", "--quiet", "--json")
        #expect(json.status == 1, "\(json.error)")
        let verify = try JSONValue(parsing: json.output)
        #expect(verify == [
            "verify": [
                "checkedThrough": 0, "divergence": nil, "passed": false, "replayed": 0, "notReplayed": [], "stoppedAt": nil,
                "failure": #"old.jsonl:2: step 1 cannot be replayed: the users.addUser action's payload does not decode: addUser.name: required key "name" is missing."#,
                "schema": .string(Self.fullNameVerdict),
            ],
        ])
    }

    /// The older `updateAge` carried the age as a string.
    @Test func aRetypedFieldOfAnActionPayloadIsNamedAndFailsTheCheck() throws {
        let schema = Self.currentSchema.replacingOccurrences(
            of: #""updateAge":{"fields":{"age":{"type":"Int"}"#, with: #""updateAge":{"fields":{"age":{"type":"String"}"#)
        _ = try write("old.jsonl", schema: schema, steps: [
            ("users.addUser", #"{"addUser":{"age":30,"name":"Ann"}}"#, #"{"nextID":2,"users":[{"age":30,"id":1,"name":"Ann"}]}"#),
            ("users.updateAge", #"{"updateAge":{"age":"31","id":1}}"#, #"{"nextID":2,"users":[{"age":31,"id":1,"name":"Ann"}]}"#),
        ])
        let result = try run("replay", "old.jsonl", "--verify")
        #expect(result.status == 1, "\(result.error)")
        #expect(result.error == "")
        #expect(result.output.hasSuffix("""
            schema: incompatible: the type of the action users.updateAge's .age changed from String to Int; \
            to keep the recordings made with version 1 of the types, declare version 2: schemaVersion: 2, migrations: [.from(1, .convertField("age", .custom { value in value /* String to Int */ }, in: .action("users.updateAge", ".updateAge")))]
            the replay stopped, as the schema check predicts: old.jsonl:3: step 2 cannot be replayed: \
            the users.updateAge action's payload does not decode: updateAge.age: expected Int, found "31".

            """))
    }

    @Test func aNewActionCaseIsNotedAndTheRecordingStillPasses() throws {
        let schema = Self.currentSchema.replacingOccurrences(
            of: #""users.updateName":{"cases":{"updateName":{"fields":{"id":{"type":"Int"},"name":{"type":"String"}},"type":"tuple"}},"type":"Action"}"#,
            with: "").replacingOccurrences(of: #""Action"},}"#, with: #""Action"}}"#)
        #expect(!schema.contains("updateName"))
        _ = try write("old.jsonl", schema: schema, steps: [
            ("users.addUser", #"{"addUser":{"age":30,"name":"Ann"}}"#, #"{"nextID":2,"users":[{"age":30,"id":1,"name":"Ann"}]}"#),
        ])
        let result = try run("replay", "old.jsonl", "--verify", "--quiet")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        #expect(result.output == """
            schema: risky: the action users.updateName is new
            verified 1 step: every state matches

            """)
    }

    /// Before the schema check came first, a recorded state that no longer decodes stopped
    /// `replay --verify` with bad data (65) and no verdict.
    @Test func aRecordedStateThatNoLongerDecodesGetsTheVerdictNotBadData() throws {
        _ = try write("old.jsonl", schema: Self.fullNameSchema, initialState: #"{"nextID":2,"users":[{"age":30,"fullName":"Ann","id":1}]}"#, steps: [
            ("users.updateAge", #"{"updateAge":{"age":31,"id":1}}"#, #"{"nextID":2,"users":[{"age":31,"fullName":"Ann","id":1}]}"#),
        ])
        let result = try run("replay", "old.jsonl", "--verify", "--quiet")
        #expect(result.status == 1, "\(result.error)")
        #expect(result.error == "")
        #expect(result.output == """
            schema: \(Self.fullNameVerdict)
            the replay stopped, as the schema check predicts: old.jsonl:1: step 0 cannot be replayed: \
            the state does not decode as the app's state type: users[0].name: required key "name" is missing.

            """)
    }
}
