import Foundation
import StateJSON
import StateEncoding
import StateRecorder
import Testing

/// States that hold class instances (RxStateFlow-style), mutated in place between two encodings:
/// the object keeps its address, so nothing that reaches it may be reused by its bits.
@Suite struct IncrementalJSONEncoderClassTests {
    /// Equatable by value, as a class state often is: a mutated object is still `==` to itself.
    final class Model: Codable, Equatable {
        var count: Int
        var title: String

        init(count: Int, title: String) {
            self.count = count
            self.title = title
        }

        static func == (lhs: Model, rhs: Model) -> Bool {
            lhs.count == rhs.count && lhs.title == rhs.title
        }
    }

    /// A class encoded as a single number, so that a struct holding it encodes as an object without
    /// containers, the kind the memo remembers as a whole.
    final class Score: Codable, Equatable {
        var value: Int

        init(_ value: Int) {
            self.value = value
        }

        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(Int.self)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }

        static func == (lhs: Score, rhs: Score) -> Bool {
            lhs === rhs
        }
    }

    struct Player: Codable, Equatable {
        var name: String
        var score: Score
    }

    struct User: Codable, Equatable {
        var id: Int
        var name: String
    }

    struct Mixed: Codable, Equatable {
        var users: [User]
        var session: Model
    }

    struct Slot: Codable, Equatable {
        var label: String
        var model: Model?
    }

    @Test func aClassStateMutatedInPlaceIsEncodedAgain() throws {
        let state = Model(count: 1, title: "a")
        let incremental = IncrementalJSONEncoder<Model>()
        #expect(try incremental.encode(state) == ["count": 1, "title": "a"])
        state.count = 2
        #expect(try incremental.encode(state) == ["count": 2, "title": "a"])
        state.title = "b"
        #expect(try incremental.encode(state) == ["count": 2, "title": "b"])
    }

    @Test func aStructHoldingAnObjectMutatedInPlaceIsEncodedAgain() throws {
        let player = Player(name: "Blob", score: Score(1))
        let incremental = IncrementalJSONEncoder<Player>()
        #expect(try incremental.encode(player) == ["name": "Blob", "score": 1])
        player.score.value = 2
        #expect(try incremental.encode(player) == ["name": "Blob", "score": 2])
        player.score.value = 3
        #expect(try incremental.encode(player) == ["name": "Blob", "score": 3])
    }

    @Test func anArrayOfObjectsWithOneMutatedInPlaceIsEncodedAgain() throws {
        let models = (0..<5).map { Model(count: $0, title: "m\($0)") }
        let incremental = IncrementalJSONEncoder<[Model]>()
        _ = try incremental.encode(models)
        models[3].count = 30
        let value = try incremental.encode(models)
        #expect(value[3]?["count"] == 30)
        #expect(value == (try JSONValueEncoder().encode(models)))
    }

    @Test func anArrayThatWasEmptyThenGetsObjectsSeesTheirChanges() throws {
        var models: [Model] = []
        let incremental = IncrementalJSONEncoder<[Model]>()
        #expect(try incremental.encode(models) == [])
        models.append(Model(count: 1, title: "a"))
        #expect(try incremental.encode(models) == [["count": 1, "title": "a"]])
        models[0].count = 2
        #expect(try incremental.encode(models) == [["count": 2, "title": "a"]])
    }

    @Test func aDictionaryOfObjectsWithOneMutatedInPlaceIsEncodedAgain() throws {
        let models = ["a": Model(count: 1, title: "a"), "b": Model(count: 2, title: "b")]
        let incremental = IncrementalJSONEncoder<[String: Model]>()
        _ = try incremental.encode(models)
        models["b"]?.title = "changed"
        let value = try incremental.encode(models)
        #expect(value["b"]?["title"] == "changed")
        #expect(value == (try JSONValueEncoder().encode(models)))
    }

    @Test func anOptionalObjectSetLaterIsFollowedWhenItChanges() throws {
        var slots = [Slot(label: "x", model: nil), Slot(label: "y", model: nil)]
        let incremental = IncrementalJSONEncoder<[Slot]>()
        _ = try incremental.encode(slots)
        slots[1].model = Model(count: 1, title: "a")
        _ = try incremental.encode(slots)
        slots[1].model?.count = 5
        let value = try incremental.encode(slots)
        #expect(value[1]?["model"]?["count"] == 5)
        #expect(value == (try JSONValueEncoder().encode(slots)))
    }

    @Test func valueTypesBesideAnObjectStillShareStorageWithThePreviousResult() throws {
        let state = Mixed(users: (0..<50).map { User(id: $0, name: "u\($0)") }, session: Model(count: 0, title: "s"))
        let incremental = IncrementalJSONEncoder<Mixed>()
        let before = try incremental.encode(state)
        state.session.count = 1
        let after = try incremental.encode(state)
        #expect(after == (try JSONValueEncoder().encode(state)))
        #expect(after["session"]?["count"] == 1)
        let oldUsers = try #require(before["users"]?.arrayValue)
        let newUsers = try #require(after["users"]?.arrayValue)
        func storage(_ elements: [JSONValue]) -> UnsafeRawPointer? {
            elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(storage(oldUsers) != nil)
        #expect(storage(oldUsers) == storage(newUsers))
    }

    @Test func randomInPlaceMutationsAlwaysMatchAFreshEncode() throws {
        var random = SeededGenerator(seed: 5)
        var slots = (0..<8).map { Slot(label: "s\($0)", model: $0 % 2 == 0 ? Model(count: $0, title: "t") : nil) }
        let incremental = IncrementalJSONEncoder<[Slot]>()
        for _ in 0..<300 {
            let index = Int.random(in: 0..<slots.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: slots[index].model?.count += 1
            case 1: slots[index].model?.title += "!"
            case 2: slots[index].model = slots[index].model == nil ? Model(count: index, title: "new") : nil
            case 3: slots[index].label += "."
            default: break
            }
            #expect(try incremental.encode(slots) == (try JSONValueEncoder().encode(slots)))
        }
    }
}
