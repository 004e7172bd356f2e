import TestSupport
import Foundation
import StateJSON
@testable import StateJournal
import Testing

/// The reader's fast paths (patches applied in place, lines found without parsing their actions, the
/// compact index, the fingerprinter that follows patches) give the states and lines the slow path does.
@Suite struct JournalReaderStateTests {
    /// States whose users are changed, added, removed and renamed, so that patches carry every
    /// operation the writer produces (replace, add to an object and an array, remove).
    static func states(count: Int) -> [JSONValue] {
        var generator = SeededNumbers(seed: 20)
        var users: [JSONValue] = (0..<30).map { user($0, age: 20) }
        var tags: JSONObject = ["a": 1]
        var states: [JSONValue] = []
        for step in 1...count {
            switch generator.next(below: 10) {
            case 0:
                users.append(user(users.count, age: Int64(step)))
            case 1 where users.count > 5:
                users.remove(at: generator.next(below: users.count))
            case 2:
                tags["k\(generator.next(below: 20))"] = .integer(Int64(step))
            case 3:
                tags.removeValue(forKey: "k\(generator.next(below: 20))")
            default:
                let index = generator.next(below: users.count)
                if case .object(var object) = users[index] {
                    object["age"] = .integer(Int64(step))
                    users[index] = .object(object)
                }
            }
            states.append(["tags": .object(tags), "users": .array(users), "step": .integer(Int64(step))])
        }
        return states
    }

    static func user(_ id: Int, age: Int64) -> JSONValue {
        ["id": .integer(Int64(id)), "name": .string("User \(id)"), "age": .integer(age)]
    }

    /// Writes the states with a marker event after every seventh step, so that the lines of the steps
    /// and their numbers do not follow one another.
    static func write(_ states: [JSONValue], initial: JSONValue, policy: KeyframePolicy, to path: String) throws {
        let builder = JournalBuilder(header: JournalRoundTripTests.header(initial: initial), policy: policy)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for (index, state) in states.enumerated() {
            builder.appendStep(action: JournalRoundTripTests.action(index + 1), state: state, time: Int64(index), into: &bytes)
            if (index + 1) % 7 == 0 {
                JournalLine.event(.marker(after: index + 1, time: Int64(index), name: "m\(index)")).write(to: &bytes)
            }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func readingEveryStepInOrderGivesTheStatesWritten() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("mixed.jsonl")
        let states = Self.states(count: 400)
        try Self.write(states, initial: ["users": []], policy: KeyframePolicy(interval: 60), to: path)

        let reader = try JournalReader(path: path)
        #expect(reader.stepCount == 400)
        #expect(reader.keyframeSteps.count > 1)
        #expect(reader.keyframeSteps.count < 100)
        for step in 1...400 {
            #expect(try reader.state(at: step) == states[step - 1], "step \(step)")
        }
        #expect(reader.validate().isEmpty)
    }

    @Test func randomJumpsGiveTheSameStatesAsReadingInOrder() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("mixed.jsonl")
        let states = Self.states(count: 300)
        try Self.write(states, initial: ["users": []], policy: KeyframePolicy(interval: 40), to: path)

        let inOrder = try JournalReader(path: path)
        let sequential = try (1...300).map { try inOrder.state(at: $0) }
        let jumping = try JournalReader(path: path)
        var generator = SeededNumbers(seed: 7)
        for _ in 0..<400 {
            let step = 1 + generator.next(below: 300)
            #expect(try jumping.state(at: step) == sequential[step - 1], "step \(step)")
            // Then a step forward, which applies one patch to the state just rebuilt.
            if step < 300 { #expect(try jumping.state(at: step + 1) == sequential[step], "step \(step + 1)") }
        }
    }

    @Test func linesAndLineNumbersAreFoundAroundEvents() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("mixed.jsonl")
        let states = Self.states(count: 50)
        try Self.write(states, initial: ["users": []], policy: KeyframePolicy(interval: 10), to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

        let reader = try JournalReader(path: path)
        for step in 1...50 {
            let line = reader.line(ofStep: step)
            // A marker follows every seventh step: steps 8 to 14 are one line further down, and so on.
            #expect(line == step + 1 + (step - 1) / 7, "step \(step)")
            let bytes = try reader.withLineBytes(ofStep: step) { String(decoding: $0, as: UTF8.self) }
            #expect(bytes == lines[line - 1], "step \(step)")
            #expect(try reader.step(step).step == step)
        }
        #expect(reader.events.count == 7)
    }

    @Test func aPatchEditedToAnotherValueFailsItsHashWhenReadInOrder() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("edited.jsonl")
        let initial: JSONValue = ["count": 0, "padding": .string(String(repeating: "x", count: 400))]
        let states: [JSONValue] = (1...5).map { ["count": .integer(Int64($0)), "padding": .string(String(repeating: "x", count: 400))] }
        try JournalRoundTripTests.writeJournal(states, initial: initial, to: path)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        #expect(original.contains(#""value":3"#))
        try LineChecksum.resealed(original.replacingOccurrences(of: #""value":3"#, with: #""value":33"#))
            .write(toFile: path, atomically: true, encoding: .utf8)

        let reader = try JournalReader(path: path)
        #expect(try reader.state(at: 2) == states[1])
        #expect {
            try reader.state(at: 3)
        } throws: { error in
            "\(error)".hasPrefix("\(path):4: step 3 records hash ") && "\(error)".hasSuffix("; the journal was edited or damaged.")
        }
        // The states around it still read: step 4's patch sets the count again, so its hash holds.
        #expect(try reader.state(at: 2) == states[1])
        #expect(try reader.state(at: 4) == states[3])
        #expect(throws: JournalError.self) { try reader.state(at: 3) }
    }
}
