import Foundation
import StateCollections
import StateJSON
import StateEncoding
import StateRecorder
import Testing

/// ``StateCollections/ChunkedArray`` through the incremental encoder, which finds its changed runs by
/// their storage: every step encodes as a fresh encoder does, whatever mix of edits it made.
@Suite struct IncrementalJSONEncoderChunkedArrayTests {
    struct Item: Codable, Equatable {
        var id: Int
        var flag: Bool
        var name: String
        var tags: [String]
        /// 0.0 or -0.0: `==` but other bits and other JSON.
        var x: Double
    }

    struct Shelf: Codable, Equatable {
        var items: ChunkedArray<Item>
        var nested: [ChunkedArray<Int>]
        var numbers: ChunkedArray<Int>
    }

    static func item(_ id: Int, _ random: inout SeededGenerator) -> Item {
        Item(id: id, flag: Bool.random(using: &random), name: "n\(id)",
             tags: (0..<Int.random(in: 0...2, using: &random)).map { "t\($0)" },
             x: Bool.random(using: &random) ? 0.0 : -0.0)
    }

    /// Up to three edits per step, of every kind, some of them before the end and across runs, on lists
    /// of up to several hundred elements.
    static func edit(_ shelf: inout Shelf, step: Int, _ random: inout SeededGenerator) {
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let count = shelf.items.count
            func position() -> Int { Int.random(in: 0..<max(1, count), using: &random) }
            switch Int.random(in: 0..<16, using: &random) {
            case 0, 1: if count > 0 { shelf.items[position()].id += 1 }
            case 2: if count > 0 { shelf.items[position()].x = shelf.items[position()].x == 0 ? -0.0 : 0.0 }
            case 3: shelf.items.append(item(9000 + step, &random))
            case 4: if count > 0 { shelf.items.removeLast(Int.random(in: 1...min(count, 100), using: &random)) }
            case 5: if count > 0 { shelf.items.remove(at: position()) }
            case 6: shelf.items.insert(item(8000 + step, &random), at: Int.random(in: 0...count, using: &random))
            case 7:
                let start = Int.random(in: 0...count, using: &random)
                let end = Int.random(in: start...count, using: &random)
                let inserted = (0..<Int.random(in: 0...(end - start + 70), using: &random)).map { item(7000 + $0, &random) }
                shelf.items.replaceSubrange(start..<end, with: inserted)
            case 8:
                let start = Int.random(in: 0...count, using: &random)
                let end = Int.random(in: start...count, using: &random)
                shelf.items.replaceSubrange(start..<end, with: (start..<end).map { item($0, &random) })
            case 9: if count > 0 { shelf.items[position()].tags.append("z") }
            case 10: shelf.items.append(contentsOf: (0..<Int.random(in: 0...150, using: &random)).map { item(6000 + $0, &random) })
            case 11: if count > 1 { shelf.items.swapAt(position(), position()) }
            case 12:
                shelf.numbers.append(step)
                shelf.numbers[Int.random(in: 0..<shelf.numbers.count, using: &random)] += 1
            case 13: if !shelf.numbers.isEmpty { shelf.numbers.removeFirst() }
            case 14:
                shelf.nested.append(ChunkedArray(0..<step % 200))
                if shelf.nested.count > 3 { shelf.nested.removeFirst() }
            default: if count > 500 { shelf.items.removeFirst(count - 400) }
            }
        }
    }

    private func check(keepingOwnCopies: Bool, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var shelf = Shelf(items: ChunkedArray((0..<300).map { Self.item($0, &random) }),
                          nested: [ChunkedArray(0..<100)], numbers: ChunkedArray(0..<130))
        let encoder = IncrementalJSONEncoder<Shelf>()
        encoder.keepsOwnCopies = keepingOwnCopies
        let fresh = JSONValueEncoder()
        var previous = try encoder.encode(shelf)
        for step in 0..<1000 {
            Self.edit(&shelf, step: step, &random)
            let value = try encoder.encode(shelf)
            try #require(value == (try fresh.encode(shelf)), "seed \(seed), step \(step)")
            let patch = JSONDiff.patch(from: previous, to: value, changes: encoder.arrayChanges)
            try #require(patch == JSONDiff.patch(from: previous, to: value), "seed \(seed), step \(step)")
            previous = value
        }
    }

    @Test func mixedEditsEncodeAsAFreshEncoderDoes() throws {
        try check(keepingOwnCopies: false, seed: 1)
        try check(keepingOwnCopies: true, seed: 2)
    }
}
