import StateJSON
import StateJournal
import Testing

/// Version 4 writes an action as its label alone when the label gives back its tag and payload.
@Suite struct ActionCallTests {
    @Test func aCallGivesTheTagAndThePayloadByNameOrPosition() throws {
        let read = try #require(ActionCall.parse(#"users.updateAge(id: 5, age: -1)"#))
        #expect(read.type == "users.updateAge")
        #expect(read.payload == ["updateAge": ["age": -1, "id": 5]])
        let positional = try #require(ActionCall.parse(#"bank.deposit("je\"n\\ny\n\t", 10, true, 2.5, -1e-05)"#))
        #expect(positional.type == "bank.deposit")
        #expect(positional.payload == ["deposit": ["_0": "je\"n\\ny\n\t", "_1": 10, "_2": true, "_3": 2.5, "_4": .double(-1e-05)]])
        let bare = try #require(ActionCall.parse("counter.increment"))
        #expect(bare.type == "counter.increment")
        #expect(bare.payload == ["increment": [:]])
        #expect(ActionCall.parse("reset")?.payload == ["reset": [:]])
    }

    @Test func textOutsideTheGrammarIsNoCall() {
        for text in [
            "", "users.", "users.add()", "users.add(", "users.add(1", "users.add(1,2)", "users.add(1, )",
            "users.add(x: 1, x: 2)", #"users.add("a\u0041")"#, "users.add(from: jenny)", "users.add(1) ",
            "a b.add(1)", "users.add(name: \"Ada Lovelace and a very long…", "users.add(99999999999999999999)",
            "users.add(1.)", "users.add(--1)", "users.add([1])",
        ] {
            #expect(ActionCall.parse(text) == nil, "\(text)")
        }
    }

    @Test func aWriterUsesTheCallOnlyWhenItGivesBackTheActionExactly() {
        let exact = JournalAction(type: "users.updateAge", label: "users.updateAge(id: 5, age: -1)",
                                  payload: ["updateAge": ["age": -1, "id": 5]], site: "App/View.swift:42")
        #expect(exact.jsonValue(version: 4) == ["call": "users.updateAge(id: 5, age: -1)", "site": "App/View.swift:42"])
        #expect(exact.jsonValue(version: 3) == exact.jsonValue)
        // An integer payload labelled as a double, an enum argument, a reflected payload: written in full.
        let retyped = JournalAction(type: "x.set", label: "x.set(1.0)", payload: ["set": ["_0": 1]])
        let enumArgument = JournalAction(type: "bank.pay", label: "bank.pay(from: jenny)", payload: ["pay": ["from": "jenny"]])
        let reflected = JournalAction(type: "x.set", label: "x.set(1)", payload: ["set": ["_0": 1]], coding: .reflection)
        let otherTag = JournalAction(type: "x.other", label: "x.set(1)", payload: ["set": ["_0": 1]])
        for action in [retyped, enumArgument, reflected, otherTag, JournalAction.stateReplacement()] {
            #expect(action.jsonValue(version: 4) == action.jsonValue, "\(action)")
        }
    }

    @Test func aLineWithACallReadsBackAsTheAction() throws {
        let action = JournalAction(type: "users.rename", label: #"users.rename(id: 2, name: "Ada \"A\" L")"#,
                                   payload: ["rename": ["id": 2, "name": "Ada \"A\" L"]], site: "App/View.swift:7")
        var bytes: [UInt8] = []
        let header = JournalRoundTripTests.header(initial: ["n": 0])
        let builder = JournalBuilder(header: header, policy: .everyStep)
        builder.appendStep(action: action, state: ["n": 1], time: 1, into: &bytes)
        let line = String(decoding: bytes, as: UTF8.self)
        #expect(line.contains(#""action":{"call":"users.rename(id: 2, name: \"Ada \\\"A\\\" L\")","site":"App/View.swift:7"}"#))
        let parsed = try bytes.dropLast().withUnsafeBytes { try JournalLine.parse($0, timeBase: builder.header.stepTimeBase) }
        guard case .step(let step) = parsed else {
            Issue.record("not a step: \(parsed)")
            return
        }
        #expect(step.action == action)
    }

    @Test func aVersion3JournalKeepsWritingActionsInFull() {
        let action = JournalRoundTripTests.action(1)
        var bytes: [UInt8] = []
        let builder = JournalBuilder(header: JournalRoundTripTests.header(initial: ["n": 0], version: 3), policy: .everyStep)
        builder.appendStep(action: action, state: ["n": 1], time: 1, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""action":{"label":"test.set(1)","payload":{"set":{"_0":1}},"type":"test.set"}"#))
    }

    @Test func aCallThatIsNoCallIsADamagedAction() {
        #expect(throws: JournalLineError.self) { try JournalAction(jsonValue: ["call": "users.add(from: jenny)"]) }
        #expect(throws: JournalLineError.self) { try JournalAction(jsonValue: ["call": 3]) }
        #expect(throws: JournalLineError.self) { try JournalAction(jsonValue: ["label": "x"]) }
    }
}
