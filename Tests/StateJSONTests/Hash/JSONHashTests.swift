import StateJSON
import StateRecorder
import TestFixtures
import Testing

@Suite struct JSONHashTests {
    /// Reference values computed with the C xxHash library (XXH64, seed 0).
    @Test func matchesReferenceXXH64Vectors() {
        #expect(JSONHash.hash([UInt8]()) == 0xEF46_DB37_51D8_E999)
        #expect(JSONHash.hash(Array("a".utf8)) == 0xD24E_C4F1_A98C_6E5B)
        #expect(JSONHash.hash(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
        #expect(JSONHash.hash(Array(#"{"a":[true,null],"b":1}"#.utf8)) == 0x9A21_B770_7B0A_4592)
        #expect(JSONHash.hash((0..<100).map { UInt8($0) }) == 0x6AC1_E580_3216_6597)
    }

    @Test func hexIsSixteenLowercaseDigits() {
        #expect(JSONHash.hex(0x44BC_2CF5_AD77_0999) == "44bc2cf5ad770999")
        #expect(JSONHash.hex(0xAB) == "00000000000000ab")
    }

    @Test func feedingInPiecesEqualsHashingAtOnce() {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            var hasher = JSONHash()
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1..<70, using: &random))
                hasher.update(bytes[start..<end])
                start = end
            }
            #expect(hasher.finalize() == JSONHash.hash(bytes))
        }
    }

    @Test func canonicalHashIsTheHashOfTheCanonicalBytes() {
        var generator = RandomJSONGenerator(seed: 5)
        for _ in 0..<300 {
            let value = generator.value()
            #expect(value.canonicalHash == JSONHash.hash(value.serialized()))
        }
        let big = JSONValue.array((0..<3000).map { ["id": .integer(Int64($0)), "name": .string("user \($0)")] })
        #expect(big.canonicalHash == JSONHash.hash(big.serialized()))
        let value: JSONValue = ["b": 1, "a": [true, nil]]
        #expect(JSONHash.hex(value.canonicalHash) == "9a21b7707b0a4592")
    }

    @Test func equalValuesHashEqually() throws {
        let first = try JSONValue(parsing: #"{"b": [1, 2.5, "x"], "a": {"z": null, "y": false}}"#)
        let second: JSONValue = ["a": ["y": false, "z": nil], "b": [1, 2.5, "x"]]
        #expect(first.canonicalHash == second.canonicalHash)
        #expect(first.canonicalHash != (["a": 1] as JSONValue).canonicalHash)
    }
}
