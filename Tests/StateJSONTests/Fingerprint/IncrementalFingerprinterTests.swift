import TestFixtures
import Testing
@testable import StateJSON

@Suite struct IncrementalFingerprinterTests {
    @Test func chainsOfEditsFingerprintAsFromScratch() {
        var random = RandomJSON(seed: 2026)
        for _ in 0..<200 {
            let fingerprinter = IncrementalFingerprinter()
            var value = random.value(depth: 4)
            for _ in 0..<12 {
                #expect(fingerprinter.fingerprint(value) == StateFingerprint.of(value), "\(value.canonicalText)")
                value = random.edited(value)
            }
        }
    }

    @Test func aChangeDeepInsideSharedStorageIsSeen() {
        let users: [JSONValue] = (0..<50).map { ["id": .integer(Int64($0)), "age": 30, "name": .string("n\($0)")] }
        var state: JSONValue = ["users": .array(users), "count": 1]
        let fingerprinter = IncrementalFingerprinter()
        let before = fingerprinter.fingerprint(state)
        var edited = users
        edited[17] = ["id": 17, "age": 31, "name": "n17"]
        state = ["users": .array(edited), "count": 1]
        let after = fingerprinter.fingerprint(state)
        #expect(after != before)
        #expect(after == StateFingerprint.of(state))
        // Back to the first state, rebuilt from fresh storage: the fingerprint returns with it.
        state = ["users": .array(users.map { $0 }), "count": 1]
        #expect(fingerprinter.fingerprint(state) == before)
    }

    @Test func appendsRemovalsAndEditsAtEveryPositionFingerprintAsFromScratch() {
        var random = RandomJSON(seed: 20)
        var users: [JSONValue] = (0..<40).map { ["id": .integer(Int64($0)), "name": .string("n\($0)")] }
        let fingerprinter = IncrementalFingerprinter()
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
            #expect(fingerprinter.fingerprint(state) == StateFingerprint.of(state), "step \(step)")
        }
    }

    @Test func switchingBetweenScalarsAndContainersAtTheRoot() {
        let fingerprinter = IncrementalFingerprinter()
        let values: [JSONValue] = [1, ["a": 1], [1, 2], "x", ["a": 2], .null, [1, 2, 3], ["a": [1]], ["a": 1]]
        for value in values {
            #expect(fingerprinter.fingerprint(value) == StateFingerprint.of(value))
        }
        fingerprinter.reset()
        #expect(fingerprinter.fingerprint(["a": 1]) == StateFingerprint.of(["a": 1]))
    }

    @Test func growingPastTheSmallFlatSizeAndBackKeepsTheFingerprintRight() {
        let fingerprinter = IncrementalFingerprinter()
        for count in Array(0...12) + Array((0...11).reversed()) {
            let members = (0..<count).map { ("k\($0)", JSONValue.integer(Int64($0 * 3))) }
            let object = JSONValue.object(JSONObject(members))
            #expect(IncrementalFingerprinter.isSmallAndFlat(object) == (count <= IncrementalFingerprinter.smallCount))
            #expect(fingerprinter.fingerprint(object) == StateFingerprint.of(object), "\(count) members")
            let nested: JSONValue = ["inner": object, "n": .integer(Int64(count))]
            #expect(!IncrementalFingerprinter.isSmallAndFlat(nested))
            #expect(fingerprinter.fingerprint(nested) == StateFingerprint.of(nested), "\(count) nested members")
        }
    }

    @Test func integersHashTheirDecimalText() {
        // The fingerprint is documented as a function of the canonical text of each scalar.
        for number: Int64 in [0, 7, -1, 10, 1_000_000, .max, .min] {
            let expected = StateFingerprint.mix(JSONHash.hash(String(number).utf8) &+ 4)
            #expect(StateFingerprint.of(.integer(number)) == expected)
        }
        #expect(StateFingerprint.of(.unsigned(.max)) == StateFingerprint.mix(JSONHash.hash(String(UInt64.max).utf8) &+ 4))
    }
}
