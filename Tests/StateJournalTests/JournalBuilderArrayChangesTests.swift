import Foundation
import StateJSON
import StateEncoding
import StateJournal
import Testing
import TestSupport

/// A builder given the incremental encoder's notes of which array elements changed
/// (``JournalBuilder/prepareStep(state:parent:keyframe:changes:)``) writes the same lines as one that
/// compares every element.
@Suite struct JournalBuilderArrayChangesTests {
    struct Player: Codable, Equatable {
        var id: Int
        var name: String
        var score: Int
        var items: [String]
    }

    struct Game: Codable, Equatable {
        var players: [Player]
        var log: [Int]
    }

    static func edit(_ game: inout Game, _ numbers: inout SeededNumbers, step: Int) {
        let count = game.players.count
        guard count > 0 else {
            game.players = (0..<20).map { Player(id: 500 + $0, name: "p\($0)", score: 0, items: []) }
            return
        }
        let index = numbers.next(below: count)
        switch numbers.next(below: 12) {
        case 0..<5: game.players[index].score += 1 + numbers.next(below: 5)
        case 5: game.players[index].items.append("item \(step)")
        case 6: game.players[index] = Player(id: 1000 + step, name: "new \(step)", score: 0, items: [])
        case 7: game.players.swapAt(index, numbers.next(below: count))
        case 8: game.players.append(Player(id: 2000 + step, name: "joined \(step)", score: 1, items: ["a"]))
        case 9: game.players.remove(at: index)
        case 10: game.log[numbers.next(below: game.log.count)] = step
        default: game.log.append(step)
        }
    }

    @Test func linesPreparedWithNotesAreTheLinesPreparedWithout() throws {
        var game = Game(players: (0..<200).map { Player(id: $0, name: "player \($0)", score: $0 % 9, items: []) },
                        log: Array(0..<50))
        let encoder = IncrementalJSONEncoder<Game>()
        let initial = try encoder.encode(game)
        let policy = KeyframePolicy(interval: 100, smallStateBytes: 64)
        let noted = JournalBuilder(header: JournalRoundTripTests.header(initial: initial), policy: policy)
        let plain = JournalBuilder(header: JournalRoundTripTests.header(initial: initial), policy: policy)
        var notedBytes: [UInt8] = []
        var plainBytes: [UInt8] = []
        noted.writeHeader(into: &notedBytes)
        plain.writeHeader(into: &plainBytes)
        var numbers = SeededNumbers(seed: 77)
        var states: [JSONValue] = [initial]
        var stepsWithNotes = 0
        for step in 1...400 {
            Self.edit(&game, &numbers, step: step)
            let state = try encoder.encode(game)
            let changes = encoder.arrayChanges
            if !changes.isEmpty { stepsWithNotes += 1 }
            let actionBytes = JournalRoundTripTests.action(step).jsonValue.serialized(.canonical)
            let withNotes = noted.prepareStep(state: state, parent: nil, changes: changes)
            // Encoded afresh: trees that share no storage with the previous state, compared element by element.
            let without = plain.prepareStep(state: try JSONValueEncoder().encode(game), parent: nil)
            #expect(withNotes.content == without.content, "step \(step)")
            #expect(withNotes.hash == without.hash, "step \(step)")
            noted.appendStep(actionBytes: actionBytes, prepared: withNotes, time: Int64(step), into: &notedBytes)
            plain.appendStep(actionBytes: actionBytes, prepared: without, time: Int64(step), into: &plainBytes)
            states.append(state)
        }
        #expect(stepsWithNotes > 150)
        #expect(String(decoding: notedBytes, as: UTF8.self) == String(decoding: plainBytes, as: UTF8.self))

        let directory = try TemporaryDirectory()
        let path = directory.file("game.jsonl")
        try Data(notedBytes).write(to: URL(fileURLWithPath: path))
        let reader = try JournalReader(path: path)
        #expect(reader.lastStep == 400)
        for step in 0...400 {
            #expect(try reader.state(at: step) == states[step], "step \(step)")
        }
    }
}
