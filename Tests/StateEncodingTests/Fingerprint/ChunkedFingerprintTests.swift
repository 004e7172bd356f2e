import StateRecorder
import TestFixtures
import Testing
@testable import StateJSON
@testable import StateEncoding

/// The chunked fingerprint of journal version 3: the tree the format documents, kept up to date by
/// both incremental fingerprinters through edits at any position of long arrays and objects.
@Suite struct ChunkedFingerprintTests {
    /// The rule as the journal format article states it, written out plainly.
    private static func documented(_ value: JSONValue) -> UInt64 {
        func fold(_ start: UInt64, _ words: [UInt64]) -> UInt64 {
            words.reduce(start) { StateFingerprint.combine($0, $1) }
        }
        func runs(_ items: [[UInt64]]) -> [UInt64] {
            stride(from: 0, to: items.count, by: 64).map { lower in
                let run = items[lower..<min(lower + 64, items.count)]
                return fold(StateFingerprint.mix(10 &+ UInt64(run.count)), run.flatMap { $0 })
            }
        }
        func tree(_ start: UInt64, _ items: [[UInt64]]) -> UInt64 {
            guard items.count > 64 else { return fold(start, items.flatMap { $0 }) }
            var level = runs(items)
            while level.count > 64 { level = runs(level.map { [$0] }) }
            return fold(start, level)
        }
        switch value {
        case .array(let elements):
            return tree(StateFingerprint.mix(8 &+ UInt64(elements.count)), elements.map { [documented($0)] })
        case .object(let object):
            let members = (0..<object.count).map { [JSONHash.hash(object.keys[$0].utf8), documented(object.values[$0])] }
            return tree(StateFingerprint.mix(9 &+ UInt64(object.count)), members)
        default:
            return StateFingerprint.of(value, scheme: .sequential)
        }
    }

    private static let sizes = [0, 1, 63, 64, 65, 100, 127, 128, 129, 4095, 4096, 4097, 4160, 4161, 9000]

    @Test(arguments: sizes)
    func anArrayFingerprintsAsTheFormatDocumentsIt(count: Int) {
        let array = JSONValue.array((0..<count).map { .integer(Int64($0 * 7 % 1000)) })
        #expect(StateFingerprint.of(array, scheme: .chunked) == Self.documented(array))
        let schemesAgree = StateFingerprint.of(array, scheme: .chunked) == StateFingerprint.of(array, scheme: .sequential)
        #expect(schemesAgree == (count <= FingerprintScheme.chunkLength))
    }

    @Test(arguments: [0, 64, 65, 200, 5000])
    func anObjectOfNestedValuesFingerprintsAsTheFormatDocumentsIt(count: Int) {
        let members = (0..<count).map { index -> (String, JSONValue) in
            let numbers: [JSONValue] = (0..<(index % 70)).map { JSONValue.integer(Int64($0)) }
            let value: JSONValue = index % 3 == 0 ? .array(numbers) : .object(JSONObject([("n", JSONValue.integer(Int64(index)))]))
            return ("key\(index)", value)
        }
        let object = JSONValue.object(JSONObject(members))
        #expect(StateFingerprint.of(object, scheme: .chunked) == Self.documented(object))
    }

    /// Edits at random positions of arrays from below one run to past two levels: each result, from
    /// the recorder's fingerprinter and from the reader's (following the diff as a patch), equals a
    /// fingerprint from scratch.
    @Test(arguments: [50, 70, 300, 4200])
    func editsAtEveryKindOfPositionFingerprintAsFromScratch(count: Int) throws {
        var random = SeededGenerator(seed: UInt64(count))
        let incremental = IncrementalFingerprinter(scheme: .chunked)
        let patched = PatchedStateFingerprinter(scheme: .chunked)
        var users: [JSONValue] = (0..<count).map { ["id": .integer(Int64($0)), "age": .integer(Int64($0 % 90))] }
        var state: JSONValue = ["users": .array(users), "step": 0]
        #expect(incremental.fingerprint(state) == StateFingerprint.of(state, scheme: .chunked))
        var followed = state
        patched.reset(to: followed)
        for step in 1...120 {
            let index = Int.random(in: 0..<max(1, users.count), using: &random)
            switch Int.random(in: 0..<8, using: &random) {
            case 0 where !users.isEmpty: users[index] = ["id": .integer(Int64(-step)), "age": 1]
            case 1: users.insert(["id": .integer(Int64(10_000 + step))], at: min(index, users.count))
            case 2 where !users.isEmpty: users.remove(at: index)
            case 3: users.append(["id": .integer(Int64(20_000 + step))])
            case 4 where users.count > 3: users.removeLast(Int.random(in: 1...3, using: &random))
            case 5 where !users.isEmpty: users.insert(users.remove(at: index), at: 0)
            case 6:
                for position in stride(from: index % 7, to: users.count, by: 97) { users[position] = ["id": .integer(Int64(position)), "age": .integer(Int64(step))] }
            default:
                if !users.isEmpty { users[users.count - 1] = .integer(Int64(step)) }
            }
            let next: JSONValue = ["users": .array(users), "step": .integer(Int64(step))]
            let expected = StateFingerprint.of(next, scheme: .chunked)
            #expect(incremental.fingerprint(next) == expected, "step \(step), \(users.count) users")
            let print = try patched.apply(JSONDiff.patch(from: state, to: next), to: &followed)
            #expect(print == expected, "step \(step), \(users.count) users")
            state = next
        }
    }

    /// Counts that cross the sizes where the tree gains or loses a level (64 and 4,096 children; a
    /// third level at 262,144 works the same way) or where the last run of an upper level changes length (4,160, a multiple of 64 past
    /// 4,096), one child at a time and many at once, each followed by an edit past the boundary.
    @Test func countsCrossingEveryLevelBoundaryFingerprintAsFromScratch() throws {
        let walk = [60, 64, 65, 70, 63, 4090, 4096, 4097, 4100, 4095, 4159, 4160, 4161, 4162, 4160, 4159, 4224, 4225,
                    4223, 5000, 4096, 64]
        let incremental = IncrementalFingerprinter(scheme: .chunked)
        let patched = PatchedStateFingerprinter(scheme: .chunked)
        var items: [JSONValue] = (0..<walk[0]).map { .integer(Int64($0)) }
        var state: JSONValue = ["items": .array(items)]
        var followed = state
        _ = incremental.fingerprint(state)
        patched.reset(to: followed)
        // The reader's fingerprinter builds its tree for the array when a patch first goes into it.
        _ = try patched.apply(JSONPatch([.replace(path: try JSONPointer(parsing: "/items/0"), value: -1)]), to: &followed)
        items[0] = -1
        state = ["items": .array(items)]
        for target in walk.dropFirst() {
            var operations: [JSONPatchOperation] = []
            // One child at a time near the boundaries, in one patch; far jumps at once.
            while items.count != target {
                if items.count < target {
                    items.append(.integer(Int64(items.count * 3)))
                    operations.append(.add(path: try JSONPointer(parsing: "/items/-"), value: items[items.count - 1]))
                } else {
                    items.removeLast()
                    operations.append(.remove(path: try JSONPointer(parsing: "/items/\(items.count)")))
                }
            }
            for position in [items.count - 1, items.count / 2, 0] where position >= 0 {
                let next = Self.position(position)
                for change in [position, next] where change < items.count {
                    items[change] = .integer(Int64(-change - target))
                    operations.append(.replace(path: try JSONPointer(parsing: "/items/\(change)"), value: items[change]))
                }
                let next2: JSONValue = ["items": .array(items)]
                let expected = StateFingerprint.of(next2, scheme: .chunked)
                #expect(incremental.fingerprint(next2) == expected, "\(items.count) items, change at \(position)")
                #expect(try patched.apply(JSONPatch(operations), to: &followed) == expected, "\(items.count) items, change at \(position)")
                operations = []
                state = next2
            }
        }
        #expect(followed == state)
    }

    /// A position past the first level's boundary, where a stale upper run would show.
    private static func position(_ position: Int) -> Int { position + 4097 }

    /// Objects with many members gain and lose keys at every position.
    @Test func membersAddedAndRemovedInALargeObjectFingerprintAsFromScratch() throws {
        var random = SeededGenerator(seed: 77)
        let incremental = IncrementalFingerprinter(scheme: .chunked)
        let patched = PatchedStateFingerprinter(scheme: .chunked)
        var members: [String: JSONValue] = [:]
        for index in 0..<300 { members["k\(index)"] = .integer(Int64(index)) }
        var state = JSONValue.object(JSONObject(members.sorted { $0.key < $1.key }))
        var followed = state
        patched.reset(to: followed)
        _ = incremental.fingerprint(state)
        for step in 0..<100 {
            let key = "k\(Int.random(in: 0..<400, using: &random))"
            if members[key] == nil || step % 3 == 0 { members[key] = .integer(Int64(step)) } else { members[key] = nil }
            let next = JSONValue.object(JSONObject(members.sorted { $0.key < $1.key }))
            let expected = StateFingerprint.of(next, scheme: .chunked)
            #expect(incremental.fingerprint(next) == expected, "step \(step)")
            #expect(try patched.apply(JSONDiff.patch(from: state, to: next), to: &followed) == expected, "step \(step)")
            state = next
        }
    }

    /// A note from the encoder is trusted: the fingerprinter looks only at the positions it lists. With
    /// a complete note the result is exact; a note that leaves a change out hides it, which is why only
    /// the encoder that built the array makes notes.
    @Test func theEncodersNotesAreTheOnlyPositionsLookedAt() {
        let fingerprinter = IncrementalFingerprinter(scheme: .chunked)
        let old: [JSONValue] = (0..<500).map { ["id": .integer(Int64($0))] }
        _ = fingerprinter.fingerprint(["users": .array(old)])
        var new = old
        new[123] = ["id": -1]
        new[456] = ["id": -2]
        var changes = JSONArrayChanges()
        changes.note(old: old, new: new, changed: [123, 456])
        #expect(changes.changedIndices(old: old, new: new) == [123, 456])
        #expect(changes.changedIndices(old: new, new: old) == nil)
        let state: JSONValue = ["users": .array(new)]
        #expect(fingerprinter.fingerprint(state, changes: changes) == StateFingerprint.of(state, scheme: .chunked))

        var newer = new
        newer[7] = ["id": -3]
        newer[400] = ["id": -4]
        var partial = JSONArrayChanges()
        partial.note(old: new, new: newer, changed: [400])
        let hidden = fingerprinter.fingerprint(["users": .array(newer)], changes: partial)
        newer[7] = new[7]
        #expect(hidden == StateFingerprint.of(["users": .array(newer)], scheme: .chunked))
    }
}
