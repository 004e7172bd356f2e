import StateCollections
import Testing

/// Random operations of every kind on a `ChunkedArray` and an `Array` side by side: after each, both
/// hold the same elements and the runs keep their shape.
@Suite struct ChunkedArrayRandomOperationsTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func behavesAsAnArrayUnderRandomOperations(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var chunked: ChunkedArray<Item> = []
        var plain: [Item] = []
        var nextID = 0
        func newItems(_ count: Int) -> [Item] {
            defer { nextID += count }
            return (0..<count).map { Item(id: nextID + $0, score: Int.random(in: 0..<50, using: &random)) }
        }
        // A copy taken now and then, with the elements it had: mutating the original must not reach it.
        var snapshot: (chunked: ChunkedArray<Item>, elements: [Item])?

        for step in 0..<4_000 {
            let operation = Operation.allCases.randomElement(using: &random)!
            // Long runs of growth and removal both happen, but the array stays within a few hundred.
            if plain.count > 700, operation.grows { continue }
            let count = plain.count
            switch operation {
            case .set where count > 0:
                let index = Int.random(in: 0..<count, using: &random)
                let item = newItems(1)[0]
                chunked[index] = item
                plain[index] = item
            case .modifyProperty where count > 0:
                let index = Int.random(in: 0..<count, using: &random)
                chunked[index].score += 7
                plain[index].score += 7
            case .append:
                let item = newItems(1)[0]
                chunked.append(item)
                plain.append(item)
            case .appendContents:
                let items = newItems(Int.random(in: 0...150, using: &random))
                chunked.append(contentsOf: items)
                plain.append(contentsOf: items)
            case .appendSequence:
                // A sequence that is not a collection, whose count is unknown up front.
                let items = newItems(Int.random(in: 0...90, using: &random))
                chunked.append(contentsOf: AnySequence(items))
                plain.append(contentsOf: AnySequence(items))
            case .insert:
                let index = Int.random(in: 0...count, using: &random)
                let item = newItems(1)[0]
                chunked.insert(item, at: index)
                plain.insert(item, at: index)
            case .insertContents:
                let index = Int.random(in: 0...count, using: &random)
                let items = newItems(Int.random(in: 0...130, using: &random))
                chunked.insert(contentsOf: items, at: index)
                plain.insert(contentsOf: items, at: index)
            case .remove where count > 0:
                let index = Int.random(in: 0..<count, using: &random)
                #expect(chunked.remove(at: index) == plain.remove(at: index))
            case .removeFirst where count > 0:
                #expect(chunked.removeFirst() == plain.removeFirst())
            case .removeFirstK:
                let k = Int.random(in: 0...Swift.min(count, 140), using: &random)
                chunked.removeFirst(k)
                plain.removeFirst(k)
            case .removeLast where count > 0:
                #expect(chunked.removeLast() == plain.removeLast())
            case .removeLastK:
                let k = Int.random(in: 0...Swift.min(count, 140), using: &random)
                chunked.removeLast(k)
                plain.removeLast(k)
            case .removeSubrange:
                let range = Self.randomRange(in: count, using: &random)
                chunked.removeSubrange(range)
                plain.removeSubrange(range)
            case .replaceSubrange:
                let range = Self.randomRange(in: count, using: &random)
                // As many elements as the range half the time, to reach the in-place path.
                let newCount = Bool.random(using: &random) ? range.count : Int.random(in: 0...150, using: &random)
                let items = newItems(newCount)
                chunked.replaceSubrange(range, with: items)
                plain.replaceSubrange(range, with: items)
            case .replaceWithSlice:
                // A slice of the array itself, whose indices do not start at 0.
                let range = Self.randomRange(in: count, using: &random)
                let source = Self.randomRange(in: count, using: &random)
                chunked.replaceSubrange(range, with: chunked[source])
                plain.replaceSubrange(range, with: plain[source])
            case .assignSlice:
                let range = Self.randomRange(in: count, using: &random)
                let items = newItems(range.count)
                chunked[range] = ChunkedArray(items)[...]
                plain[range] = items[...]
            case .removeAll where Int.random(in: 0..<6, using: &random) == 0:
                let keepCapacity = Bool.random(using: &random)
                chunked.removeAll(keepingCapacity: keepCapacity)
                plain.removeAll(keepingCapacity: keepCapacity)
            case .removeAllWhere:
                let score = Int.random(in: 0..<50, using: &random)
                chunked.removeAll { $0.score == score }
                plain.removeAll { $0.score == score }
            case .popLast:
                #expect(chunked.popLast() == plain.popLast())
            case .sort:
                chunked.sort()
                plain.sort()
            case .reverse:
                chunked.reverse()
                plain.reverse()
            case .swapAt where count > 0:
                let i = Int.random(in: 0..<count, using: &random)
                let j = Int.random(in: 0..<count, using: &random)
                chunked.swapAt(i, j)
                plain.swapAt(i, j)
            case .snapshot:
                snapshot = (chunked, Array(chunked))
            case .set, .modifyProperty, .remove, .removeFirst, .removeLast, .removeAll, .swapAt:
                continue
            }
            chunked.expectInvariants()
            #expect(chunked.count == plain.count, "after \(operation) at step \(step)")
            #expect(chunked.elementsEqual(plain), "after \(operation) at step \(step)")
            if step % 50 == 0 {
                #expect(chunked == ChunkedArray(plain), "after \(operation) at step \(step)")
                #expect(chunked.hashValue == plain.hashValue, "after \(operation) at step \(step)")
            }
            if let snapshot {
                #expect(snapshot.chunked.elementsEqual(snapshot.elements), "a copy changed after \(operation) at step \(step)")
            }
        }
        // Reading back through every path a user would take.
        #expect(Array(chunked) == plain)
        #expect(chunked.elements == plain)
        #expect(Array(chunked.reversed()) == plain.reversed())
        #expect(chunked.map(\.id) == plain.map(\.id))
        #expect(Array(chunked.filter { $0.score > 20 }) == plain.filter { $0.score > 20 })
        #expect(chunked.first == plain.first)
        #expect(chunked.last == plain.last)
        #expect(chunked == ChunkedArray(plain))
    }

    /// A range within `0...count`, empty now and then, at the end now and then.
    static func randomRange(in count: Int, using random: inout SplitMix64) -> Range<Int> {
        let lower = Int.random(in: 0...count, using: &random)
        let upper = Bool.random(using: &random)
            ? Swift.min(count, lower + Int.random(in: 0...3, using: &random))
            : Int.random(in: lower...count, using: &random)
        return lower..<upper
    }

    enum Operation: CaseIterable {
        case set, modifyProperty, append, appendContents, appendSequence, insert, insertContents
        case remove, removeFirst, removeFirstK, removeLast, removeLastK, removeSubrange, replaceSubrange
        case replaceWithSlice, assignSlice, removeAll, removeAllWhere, popLast, sort, reverse, swapAt, snapshot

        var grows: Bool {
            [.append, .appendContents, .appendSequence, .insert, .insertContents, .replaceSubrange].contains(self)
        }
    }
}
