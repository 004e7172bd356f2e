import TestSupport
import Foundation
import StateJSON
import StateJournal
import Testing

@Suite struct JournalRoundTripTests {
    /// A header; from version 6 on its origin is 0, so that the steps' small test times are their `ms`.
    static func header(initial: JSONValue, firstStep: Int = 1, version: Int = JournalFormat.currentVersion) -> JournalHeader {
        var header = JournalHeader(version: version, tool: JournalFormat.tool, app: "test", stateType: "S", actionType: "A", schema: .null,
                                   schemaHash: "", created: "2026-01-01T00:00:00.000Z", firstStep: firstStep,
                                   initialState: initial, hash: 0)
        if version >= 6 { header.origin = 0 }
        return header
    }

    static func action(_ n: Int) -> JournalAction {
        JournalAction(type: "test.set", label: "test.set(\(n))", payload: ["set": ["_0": .integer(Int64(n))]])
    }

    /// Writes `states.count` steps, state i being `states[i]`.
    static func writeJournal(_ states: [JSONValue], initial: JSONValue, policy: KeyframePolicy = KeyframePolicy(),
                             to path: String, tail: String = "", version: Int = JournalFormat.currentVersion) throws {
        let builder = JournalBuilder(header: header(initial: initial, version: version), policy: policy)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for (index, state) in states.enumerated() {
            builder.appendStep(action: action(index + 1), state: state, time: Int64(index), into: &bytes)
        }
        bytes += Array(tail.utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func users(_ count: Int, changedAge: Int? = nil, age: Int64 = 0) -> JSONValue {
        .object(["users": .array((0..<count).map { index in
            ["id": .integer(Int64(index)), "name": .string("User \(index)"),
             "age": .integer(index == changedAge ? age : Int64(20 + index % 50))]
        })])
    }

    @Test func everyStepRebuildsToTheStateThatWasWritten() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("users.jsonl")
        var states: [JSONValue] = []
        for step in 1...300 { states.append(Self.users(40, changedAge: step % 40, age: Int64(step))) }
        try Self.writeJournal(states, initial: Self.users(40), policy: KeyframePolicy(interval: 50), to: path)

        let reader = try JournalReader(path: path)
        #expect(reader.stepCount == 300)
        #expect(reader.torn == nil)
        #expect(reader.keyframeSteps.count >= 6)
        #expect(reader.keyframeSteps.count < 300)
        // Random order exercises jumps both ways across keyframes.
        var generator = SystemRandomNumberGenerator()
        for step in (0...300).shuffled(using: &generator) {
            let expected = step == 0 ? Self.users(40) : states[step - 1]
            #expect(try reader.state(at: step) == expected)
        }
        #expect(reader.validate().isEmpty)
    }

    @Test func patchesStaySmallForOneFieldChanges() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("users.jsonl")
        // Each step changes one user's age, as a form field would.
        var states: [JSONValue] = []
        var current = Self.users(200)
        for step in 1...100 {
            current = try JSONPatch([.replace(path: JSONPointer(parsing: "/users/\(step)/age"), value: .integer(Int64(step)))])
                .apply(to: current)
            states.append(current)
        }
        try Self.writeJournal(states, initial: Self.users(200), to: path)
        let reader = try JournalReader(path: path)
        // 100 one-field patches add up to less than the 7 KB state: no keyframe is due.
        #expect(reader.keyframeSteps.isEmpty)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        let perStep = (size - Self.users(200).serialized().count) / 100
        #expect(perStep < 300)
    }

    @Test func aPreSerializedActionWritesTheSameLinesAsTheActionRecord() {
        // Step 1 is a patch, step 2 outgrows the state and is whole, step 3 has a parent: every path.
        let policy = KeyframePolicy(interval: 10, smallStateBytes: 0, patchShare: 1)
        let note: JSONValue = "long enough that one patch is smaller than the state"
        let byRecord = JournalBuilder(header: Self.header(initial: ["n": 0, "note": note]), policy: policy)
        let byBytes = JournalBuilder(header: Self.header(initial: ["n": 0, "note": note]), policy: policy)
        var recordLines: [UInt8] = []
        var bytesLines: [UInt8] = []
        for n in 1...3 {
            let state: JSONValue = ["n": .integer(Int64(n)), "note": note]
            byRecord.appendStep(action: Self.action(n), state: state, time: Int64(n), parent: n == 3 ? 1 : nil,
                                into: &recordLines)
            byBytes.appendStep(actionBytes: Self.action(n).jsonValue(version: JournalFormat.currentVersion).serialized(.canonical), state: state,
                               time: Int64(n), parent: n == 3 ? 1 : nil, into: &bytesLines)
        }
        #expect(String(decoding: bytesLines, as: UTF8.self) == """
            {"step":1,"ms":1,"action":"test.set(1)","patch":[{"op":"replace","path":"/n","value":1}],"hash":"35b3465340af31cb","crc":"c4caca71"}
            {"step":2,"kind":"keyframe","ms":2,"action":"test.set(2)","state":{"n":2,"note":"long enough that one patch is smaller than the state"},"hash":"6296fb488d7b2243","crc":"0cee3305"}
            {"step":3,"kind":"keyframe","ms":3,"parent":1,"action":"test.set(3)","state":{"n":3,"note":"long enough that one patch is smaller than the state"},"hash":"18c678176282fd25","crc":"2f89ef59"}

            """)
        #expect(bytesLines == recordLines)
    }

    @Test func eventsAreReadInOrderWithTheStepTheyFollow() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("events.jsonl")
        let builder = JournalBuilder(header: Self.header(initial: ["n": 0]))
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        builder.appendStep(action: Self.action(1), state: ["n": 1], time: 1, into: &bytes)
        JournalEvent.rejected(after: 1, time: 2, action: Self.action(9), validator: "noNines", reason: "nine is not allowed")
            .write(to: &bytes)
        JournalEvent.marker(after: 1, time: 3, name: "checkpoint").write(to: &bytes)
        builder.appendStep(action: Self.action(2), state: ["n": 2], time: 4, into: &bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let reader = try JournalReader(path: path)
        #expect(reader.events.map(\.line) == [3, 4])
        #expect(reader.events(after: 1).count == 2)
        #expect(reader.events[0].event == .rejected(after: 1, time: 2, action: Self.action(9), validator: "noNines", reason: "nine is not allowed"))
        #expect(try reader.state(at: 2) == ["n": 2])
        #expect(reader.line(ofStep: 2) == 5)
    }

    @Test func aTornLastLineIsReportedAndEverythingBeforeItIsRead() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("torn.jsonl")
        try Self.writeJournal([["n": 1], ["n": 2]], initial: ["n": 0], to: path, tail: #"{"step":3,"kind":"keyf"#)
        let reader = try JournalReader(path: path)
        #expect(reader.lastStep == 2)
        #expect(reader.torn?.line == 4)
        #expect(try reader.state(at: 2) == ["n": 2])
        let problems = reader.validate()
        #expect(problems.count == 1)
        #expect(problems.first?.line == 4)
    }

    @Test func appendingAfterATornLineCutsItFirst() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("resume.jsonl")
        try Self.writeJournal([["n": 1]], initial: ["n": 0], to: path, tail: #"{"step":2,"ki"#)
        let reader = try JournalReader(path: path)
        let builder = JournalBuilder(continuing: reader.header, lastStep: reader.lastStep, state: try reader.state(at: 1))
        let file = try JournalFile.openForAppending(at: path, validLength: reader.validLength)
        var bytes: [UInt8] = []
        builder.appendStep(action: Self.action(2), state: ["n": 2], time: 9, into: &bytes)
        file.append(bytes)
        try file.close()
        let again = try JournalReader(path: path)
        #expect(again.torn == nil)
        #expect(again.lastStep == 2)
        #expect(try again.state(at: 2) == ["n": 2])
    }

    @Test func appendAndFlushWritesAfterWhateverIsBuffered() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("order.jsonl")
        let file = try JournalFile.create(at: path)
        file.append(Array("one\n".utf8))
        try file.appendAndFlush(Array("two\n".utf8))
        try file.appendAndFlush(Array("three\n".utf8))
        #expect(file.size == 14)
        #expect(file.pendingByteCount == 0)
        try file.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\ntwo\nthree\n")
        #expect(throws: JournalError.self) { try file.appendAndFlush(Array("late\n".utf8)) }
    }

    @Test func newFilesArePrivateAndAreNotReplacedWithoutAsking() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("private.jsonl")
        let file = try JournalFile.create(at: path)
        try file.close()
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(throws: JournalError.self) { try JournalFile.create(at: path) }
        let replaced = try JournalFile.create(at: path, overwrite: true)
        try replaced.close()
    }

    @Test func stepLinesStartWithTheirNumberAndKind() throws {
        var bytes: [UInt8] = []
        JournalStep(step: 12, time: 5, parent: 9, action: Self.action(1), content: .keyframe(["n": 1]), hash: 0xABCDEF)
            .write(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"""
            {"step":12,"kind":"keyframe","time":5,"parent":9,"action":{"label":"test.set(1)","payload":{"set":{"_0":1}},"type":"test.set"},"state":{"n":1},"hash":"0000000000abcdef","crc":"ca95d27c"}

            """#)
    }
}
