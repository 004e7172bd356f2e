import Foundation
import StateCollections
import Testing

/// Codable, Equatable, Hashable and the descriptions agree with `Array`'s.
@Suite struct ChunkedArrayConformanceTests {
    static let items = (0..<150).map { Item(id: $0, score: $0 % 7) }

    @Test(arguments: [0, 1, 64, 65, 150])
    func encodesAsTheSameJSONAsAnArray(count: Int) throws {
        let plain = Array(Self.items.prefix(count))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(ChunkedArray(plain))
        #expect(String(decoding: json, as: UTF8.self) == String(decoding: try encoder.encode(plain), as: UTF8.self))
        let decoded = try JSONDecoder().decode(ChunkedArray<Item>.self, from: json)
        #expect(Array(decoded) == plain)
        decoded.expectInvariants()
    }

    @Test func encodesAsAPlainArrayInsideAState() throws {
        struct State: Codable, Equatable {
            var tags: ChunkedArray<String>
        }
        let state = State(tags: ["a", "b"])
        let json = try JSONEncoder().encode(state)
        #expect(String(decoding: json, as: UTF8.self) == #"{"tags":["a","b"]}"#)
        #expect(try JSONDecoder().decode(State.self, from: json) == state)
    }

    @Test func refusesToDecodeWhatIsNotAnArray() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ChunkedArray<Int>.self, from: Data(#"{"a":1}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ChunkedArray<Int>.self, from: Data(#"[1,"two"]"#.utf8))
        }
    }

    @Test func isEqualWhenTheElementsAreEqual() {
        let array = ChunkedArray(Self.items)
        var changed = array
        changed[149].score += 1
        var shorter = array
        shorter.removeLast()
        #expect(array == ChunkedArray(Self.items))
        #expect(array != changed)
        #expect(array != shorter)
        #expect(ChunkedArray<Item>() == [])
        // As for `Array`, shared storage is equal without comparing, and a NaN is not equal to a NaN.
        let notANumber = ChunkedArray([Double.nan])
        #expect(notANumber == notANumber)
        #expect(notANumber != ChunkedArray([Double.nan]))
    }

    @Test(arguments: [0, 1, 63, 64, 150])
    func hashesAsAnArrayOfTheSameElements(count: Int) {
        let plain = Array(Self.items.prefix(count))
        #expect(ChunkedArray(plain).hashValue == plain.hashValue)
        var changed = plain
        changed.append(Item(id: -1, score: 0))
        #expect(Set([ChunkedArray(plain), ChunkedArray(plain), ChunkedArray(changed)]).count == 2)
    }

    @Test func aCopyKeepsItsElementsWhenTheOriginalChanges() {
        var original = ChunkedArray(Self.items)
        let copy = original
        original[10].score = 99
        original.append(Item(id: 150, score: 0))
        original.removeFirst(3)
        #expect(Array(copy) == Self.items)
        var second = copy
        second[140].score = 99
        second.insert(Item(id: -1, score: 0), at: 70)
        #expect(Array(copy) == Self.items)
        #expect(second[141].score == 99)
    }

    @Test func printsAsAnArrayDoes() {
        let array: ChunkedArray = ["a", "b"]
        #expect(array.description == #"["a", "b"]"#)
        #expect(array.debugDescription == #"ChunkedArray(["a", "b"])"#)
        #expect(ChunkedArray<Int>().description == "[]")
        #expect(ChunkedArray(0..<70).description == Array(0..<70).description)
    }

    @Test func dumpsAsACollectionOfItsElements() {
        var dumped = ""
        dump(ChunkedArray([Item(id: 1, score: 2), Item(id: 3, score: 4)]), to: &dumped)
        #expect(dumped == """
            ▿ 2 elements
              ▿ #1:2
                - id: 1
                - score: 2
              ▿ #3:4
                - id: 3
                - score: 4

            """)
    }
}
