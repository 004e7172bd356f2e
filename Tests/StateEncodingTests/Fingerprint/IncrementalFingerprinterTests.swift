import StateRecorder
import TestFixtures
import Testing
@testable import StateJSON
@testable import StateEncoding

@Suite struct IncrementalFingerprinterTests {
    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func chainsOfEditsFingerprintAsFromScratch(scheme: FingerprintScheme) {
        var random = RandomJSON(seed: 2026)
        for _ in 0..<200 {
            let fingerprinter = IncrementalFingerprinter(scheme: scheme)
            var value = random.value(depth: 4)
            for _ in 0..<12 {
                #expect(fingerprinter.fingerprint(value) == StateFingerprint.of(value, scheme: scheme), "\(value.canonicalText)")
                value = random.edited(value)
            }
        }
    }

    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func aChangeDeepInsideSharedStorageIsSeen(scheme: FingerprintScheme) {
        let users: [JSONValue] = (0..<50).map { ["id": .integer(Int64($0)), "age": 30, "name": .string("n\($0)")] }
        var state: JSONValue = ["users": .array(users), "count": 1]
        let fingerprinter = IncrementalFingerprinter(scheme: scheme)
        let before = fingerprinter.fingerprint(state)
        var edited = users
        edited[17] = ["id": 17, "age": 31, "name": "n17"]
        state = ["users": .array(edited), "count": 1]
        let after = fingerprinter.fingerprint(state)
        #expect(after != before)
        #expect(after == StateFingerprint.of(state, scheme: scheme))
        // Back to the first state, rebuilt from fresh storage: the fingerprint returns with it.
        state = ["users": .array(users.map { $0 }), "count": 1]
        #expect(fingerprinter.fingerprint(state) == before)
    }

    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func appendsRemovalsAndEditsAtEveryPositionFingerprintAsFromScratch(scheme: FingerprintScheme) {
        var random = RandomJSON(seed: 20)
        var users: [JSONValue] = (0..<40).map { ["id": .integer(Int64($0)), "name": .string("n\($0)")] }
        let fingerprinter = IncrementalFingerprinter(scheme: scheme)
        for step in 0..<400 {
            switch step % 5 {
            case 0: users.append(["id": .integer(Int64(step)), "name": random.value(depth: 1)])
            case 1: users[step % users.count] = ["id": .integer(Int64(step)), "tags": random.value(depth: 2)]
            case 2 where users.count > 2: users.removeLast(step % 3)
            case 3 where step % 2 == 0: users[users.count - 1] = .integer(Int64(step))
            case 3: users.remove(at: step % users.count)
            case 4 where step % 3 == 0: users.insert(["id": .integer(Int64(step))], at: step % users.count)
            default: users[0] = random.value(depth: 2)
            }
            let state: JSONValue = ["users": .array(users), "step": .integer(Int64(step))]
            #expect(fingerprinter.fingerprint(state) == StateFingerprint.of(state, scheme: scheme), "step \(step)")
        }
    }

    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func switchingBetweenScalarsAndContainersAtTheRoot(scheme: FingerprintScheme) {
        let fingerprinter = IncrementalFingerprinter(scheme: scheme)
        let values: [JSONValue] = [1, ["a": 1], [1, 2], "x", ["a": 2], .null, [1, 2, 3], ["a": [1]], ["a": 1]]
        for value in values {
            #expect(fingerprinter.fingerprint(value) == StateFingerprint.of(value, scheme: scheme))
        }
        fingerprinter.reset()
        #expect(fingerprinter.fingerprint(["a": 1]) == StateFingerprint.of(["a": 1], scheme: scheme))
    }

    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func growingPastTheSmallFlatSizeAndBackKeepsTheFingerprintRight(scheme: FingerprintScheme) {
        let fingerprinter = IncrementalFingerprinter(scheme: scheme)
        for count in Array(0...12) + Array((0...11).reversed()) {
            let members = (0..<count).map { ("k\($0)", JSONValue.integer(Int64($0 * 3))) }
            let object = JSONValue.object(JSONObject(members))
            #expect(IncrementalFingerprinter.isSmallAndFlat(object) == (count <= IncrementalFingerprinter.smallCount))
            #expect(fingerprinter.fingerprint(object) == StateFingerprint.of(object, scheme: scheme), "\(count) members")
            let nested: JSONValue = ["inner": object, "n": .integer(Int64(count))]
            #expect(!IncrementalFingerprinter.isSmallAndFlat(nested))
            #expect(fingerprinter.fingerprint(nested) == StateFingerprint.of(nested, scheme: scheme), "\(count) nested members")
        }
    }

    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func integersHashTheirDecimalText(scheme: FingerprintScheme) {
        // The fingerprint is documented as a function of the canonical text of each scalar.
        for number: Int64 in [0, 7, -1, 10, 1_000_000, .max, .min] {
            let expected = StateFingerprint.mix(JSONHash.hash(String(number).utf8) &+ 4)
            #expect(StateFingerprint.of(.integer(number), scheme: scheme) == expected)
        }
        #expect(StateFingerprint.of(.unsigned(.max), scheme: scheme) == StateFingerprint.mix(JSONHash.hash(String(UInt64.max).utf8) &+ 4))
    }
    /// Lists of scalars with many repeats (so that neighbours often have the same bits), edited by moves to
    /// the front and back, swaps, insertions, removals and replacements: every position that shifted by
    /// one takes its neighbour's old fingerprint, and the result stays that of a fresh fingerprint.
    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func shiftedScalarsFingerprintAsFromScratch(scheme: FingerprintScheme) {
        var random = SeededGenerator(seed: 31)
        for round in 0..<40 {
            let fingerprinter = IncrementalFingerprinter(scheme: scheme)
            let kinds: [(Int) -> JSONValue] = [
                { .integer(Int64($0)) }, { .string("s\($0)") }, { .double(Double($0) / 2) }, { $0 % 2 == 0 ? .null : .bool($0 % 3 == 0) },
            ]
            let make = kinds[round % kinds.count]
            var list: [JSONValue] = (0..<(20 + round)).map { _ in make(Int.random(in: 0..<6, using: &random)) }
            for step in 0..<60 {
                let index = Int.random(in: 0..<list.count, using: &random)
                switch Int.random(in: 0..<6, using: &random) {
                case 0: list.insert(list.remove(at: index), at: 0)
                case 1: list.append(list.remove(at: index))
                case 2 where index + 1 < list.count: list.swapAt(index, index + 1)
                case 3: list.insert(make(Int.random(in: 0..<6, using: &random)), at: index)
                case 4 where list.count > 2: list.remove(at: index)
                default: list[index] = make(Int.random(in: 0..<6, using: &random))
                }
                let state: JSONValue = ["ids": .array(list), "step": .integer(Int64(step))]
                #expect(fingerprinter.fingerprint(state) == StateFingerprint.of(state, scheme: scheme), "round \(round), step \(step)")
            }
        }
    }

    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func movingScalarsAroundALongListFingerprintsAsFromScratch(scheme: FingerprintScheme) {
        let fingerprinter = IncrementalFingerprinter(scheme: scheme)
        var list: [JSONValue] = (0..<1000).map { .integer(Int64($0)) }
        _ = fingerprinter.fingerprint(.array(list))
        list.insert(list.remove(at: 700), at: 0)
        #expect(fingerprinter.fingerprint(.array(list)) == StateFingerprint.of(.array(list), scheme: scheme))
        list.insert(list.remove(at: 999), at: 0)
        list.insert(list.remove(at: 10), at: 500)
        #expect(fingerprinter.fingerprint(.array(list)) == StateFingerprint.of(.array(list), scheme: scheme))
    }

    /// An element moved to an earlier position carries its fingerprint and node along: objects moved to
    /// the front, from the end, next to a change after the position they left, or back and forth,
    /// still fingerprint as from scratch.
    @Test(arguments: [FingerprintScheme.sequential, .chunked]) func movingObjectsEarlierFingerprintsAsFromScratch(scheme: FingerprintScheme) {
        var random = SeededGenerator(seed: 5)
        let fingerprinter = IncrementalFingerprinter(scheme: scheme)
        var list: [JSONValue] = (0..<300).map { ["id": .integer(Int64($0)), "items": .array([.integer(Int64($0 % 7))])] }
        #expect(fingerprinter.fingerprint(.array(list)) == StateFingerprint.of(.array(list), scheme: scheme))
        for round in 0..<200 {
            let from = Int.random(in: 1..<list.count, using: &random)
            let to = Int.random(in: 0..<from, using: &random)
            list.insert(list.remove(at: from), at: to)
            switch round % 4 {
            case 0 where from + 1 < list.count:
                list[from + 1] = ["id": .integer(Int64(-round)), "items": []]
            case 1:
                list.insert(list.removeLast(), at: 0)
            case 2:
                list[to] = ["id": .integer(Int64(1000 + round)), "items": .array([.null])]
            default:
                break
            }
            #expect(fingerprinter.fingerprint(.array(list)) == StateFingerprint.of(.array(list), scheme: scheme), "round \(round)")
        }
    }
}
