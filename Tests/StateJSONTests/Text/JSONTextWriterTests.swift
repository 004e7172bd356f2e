import Foundation
@testable import StateJSON
import StateRecorder
import TestFixtures
import Testing

/// The serializer against a slow reference built on ``JSONTextEscaping``, which quotes and formats
/// numbers with plain `String` operations, so every fast path has something independent to agree with.
@Suite struct JSONTextWriterTests {
    @Test func decimalsAppendedToBytesMatchTheirDescription() {
        let values: [UInt64] = [0, 7, 9, 10, 99, 100, 101, 999, 1_000, 65_535, 1_795_322_282_918,
                                9_999_999_999_999_999_999, .max]
        for value in values {
            var bytes: [UInt8] = Array("x".utf8)
            JSONTextWriter.appendDecimal(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x\(value)")
        }
    }

    @Test func canonicalAndPrettyTextMatchTheReferenceForRandomValues() {
        var generator = RandomJSONGenerator(seed: 2_026)
        for _ in 0..<2_000 {
            let value = generator.value()
            // The rendering reference also escapes what no person should read raw (DEL, say).
            #expect(JSONTextEscaping.visible(value.canonicalText) == JSONTextEscaping.compactText(value))
            #expect(JSONTextEscaping.visible(value.prettyText) == Self.referencePretty(value, indent: 0))
        }
    }

    @Test func escapesAreFoundAtEveryOffsetOfEveryEightByteWord() {
        let specials: [String] = ["\"", "\\", "\n", "\u{01}", "\u{1F}", "\u{08}", "\u{0C}", "\r", "\t", "\u{0}"]
        let plain: [String] = [" ", "\u{7F}", "é", "😀", "/", "~", "!"]
        for length in 0..<40 {
            for offset in 0...length {
                for insert in specials + plain {
                    let prefix = String(repeating: "a", count: offset)
                    let suffix = String(repeating: "b", count: length - offset)
                    let value = JSONValue.string(prefix + insert + suffix + insert)
                    // The rendering reference also escapes what no person should read raw (DEL, here).
                    #expect(JSONTextEscaping.visible(value.canonicalText) == JSONTextEscaping.compactText(value))
                }
            }
        }
    }

    @Test func stringsMadeOnlyOfEscapesGrowTheBufferCorrectly() {
        for length in [1, 7, 8, 9, 100, 4_095, 4_096, 70_000] {
            let value = JSONValue.string(String(repeating: "\u{01}", count: length))
            let text = value.canonicalText
            #expect(text.utf8.count == 2 + 6 * length)
            #expect(text == "\"" + String(repeating: #"\u0001"#, count: length) + "\"")
        }
    }

    @Test func everyScalarKindHasItsExactText() {
        let value: JSONValue = [
            nil, true, false, 0, 9, 10, 99, 100, 101, 999, 1_000, 65_535, -1, -10, -100,
            .integer(Int64.max), .integer(Int64.min), .integer(-999_999_999_999_999_999),
            .unsigned(9_999_999_999_999_999_999), .unsigned(10_000_000_000_000_000_000), .unsigned(.max),
            1.5, -0.0, 1e-7, 1e300, .double(.nan), .bigNumber("-12345678901234567890123"),
            "", "a", "snow ☃", [], [:],
        ]
        #expect(value.canonicalText == """
            [null,true,false,0,9,10,99,100,101,999,1000,65535,-1,-10,-100,9223372036854775807,\
            -9223372036854775808,-999999999999999999,9999999999999999999,10000000000000000000,\
            18446744073709551615,1.5,-0.0,1e-07,1e+300,null,-12345678901234567890123,"","a","snow ☃",[],{}]
            """)
    }

    @Test func everyIntegerWidthRoundTrips() throws {
        var powers: [UInt64] = [1]
        while let next = powers.last?.multipliedReportingOverflow(by: 10), !next.overflow {
            powers.append(next.partialValue)
        }
        for power in powers {
            for unsigned in [power - 1, power, power + 1] {
                #expect(JSONValue.unsigned(unsigned).canonicalText == String(unsigned))
                if let signed = Int64(exactly: unsigned) {
                    #expect(JSONValue.integer(signed).canonicalText == String(signed))
                    #expect(JSONValue.integer(-signed).canonicalText == String(-signed))
                }
            }
        }
    }

    @Test func prettyTextCrossesTheRecursionLimitUnchanged() {
        var value: JSONValue = ["leaf": [1, "two"], "empty": [:]]
        for level in 0..<(JSONTextWriter.maxRecursionDepth + 10) {
            value = level.isMultiple(of: 2) ? [value, [], 3] : ["k\(level)": value, "z": nil]
        }
        #expect(value.prettyText == Self.referencePretty(value, indent: 0))
        #expect(value.canonicalText == JSONTextEscaping.compactText(value))
        #expect(value.canonicalHash == JSONHash.hash(value.serialized()))
    }

    /// Values this deep only come from code (the parser stops at 512), and must still not recurse.
    @Test func valuesNestedFarBeyondTheRecursionLimitSerialize() {
        final class Outcome: @unchecked Sendable {
            var lines: [String] = []
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let depth = 20_000
            var value: JSONValue = 0
            for _ in 0..<depth { value = ["a": [value]] }
            let canonical = value.serialized()
            let expected = String(repeating: #"{"a":["#, count: depth) + "0" + String(repeating: "]}", count: depth)
            outcome.lines.append("canonical \(canonical == Array(expected.utf8))")
            outcome.lines.append("hash \(value.canonicalHash == JSONHash.hash(canonical))")
            // Destroying the value recurses in the runtime, which is what the big stack is for.
            value = nil
            // Pretty text grows with the square of the depth, so it is checked less deep.
            var shallower: JSONValue = "leaf"
            for _ in 0..<400 { shallower = ["a": [shallower]] }
            outcome.lines.append("pretty \(shallower.prettyText == Self.referencePretty(shallower, indent: 0))")
            done.signal()
        }
        thread.stackSize = 256 << 20
        thread.start()
        done.wait()
        #expect(outcome.lines == ["canonical true", "hash true", "pretty true"])
    }

    @Test func hashingInChunksEqualsHashingTheWholeText() {
        var random = SeededGenerator(seed: 99)
        for _ in 0..<20 {
            let members = (0..<Int.random(in: 1..<400, using: &random)).map { index -> (String, JSONValue) in
                let length = Int.random(in: 0..<300, using: &random)
                let text = String((0..<length).map { _ in Bool.random(using: &random) ? "x" : "\n" })
                return ("key\(index)", [.string(text), .integer(Int64(index))])
            }
            let value = JSONValue.object(JSONObject(members))
            #expect(value.canonicalHash == JSONHash.hash(value.serialized()))
        }
        let long = JSONValue.array([.string(String(repeating: "\"", count: 10_000)), 1, .string(String(repeating: "y", count: 9_000))])
        #expect(long.canonicalHash == JSONHash.hash(long.serialized()))
    }

    @Test func objectsSharingOneKeysArrayMatchTheReference() throws {
        let shortKeys = ["a", "b\"q", "c\n", "é"]
        let manyKeys = (0..<40).map { "key\($0 + 100)" }
        let longKeys = (0..<20).map { String(repeating: "\u{01}", count: 10) + "\($0 + 10)" }
        var rows: [JSONValue] = []
        for row in 0..<6 {
            for keys in [shortKeys, manyKeys, longKeys, shortKeys] {
                let values = keys.indices.map { JSONValue.integer(Int64(row * 100 + $0)) }
                rows.append(.object(JSONObject(uncheckedSortedKeys: keys, values: values)))
            }
            let nested = JSONValue.object(JSONObject(uncheckedSortedKeys: shortKeys, values: rows.suffix(4)))
            rows.append(.object(JSONObject(uncheckedSortedKeys: ["a"], values: [nested])))
        }
        // Consecutive siblings with one keys array: captured on the second, copied from the third.
        rows.append(contentsOf: Array(repeating: rows[0], count: 3) + Array(repeating: rows[1], count: 3))
        var deep: JSONValue = .array(rows)
        for _ in 0..<12 { deep = .array([deep, .object(JSONObject(uncheckedSortedKeys: shortKeys, values: [1, 2, 3, 4]))]) }
        for value in [JSONValue.array(rows), deep] {
            // The rendering reference also escapes what no person should read raw (DEL, say).
            #expect(JSONTextEscaping.visible(value.canonicalText) == JSONTextEscaping.compactText(value))
            #expect(JSONTextEscaping.visible(value.prettyText) == Self.referencePretty(value, indent: 0))
            #expect(value.canonicalHash == JSONHash.hash(value.serialized()))
            // Parsed trees share keys arrays the parser's own way.
            let parsed = try JSONValue(parsing: value.serialized())
            #expect(parsed.canonicalText == JSONTextEscaping.compactText(value))
            #expect(parsed.prettyText == Self.referencePretty(value, indent: 0))
        }
    }

    @Test func anObjectWithMoreValuesThanKeysIsRefused() async {
        // Siblings sharing one keys array are written from captured key text, one entry per key; an
        // object claiming more values than keys must stop at its construction, not be written.
        await #expect(processExitsWith: .failure) {
            _ = JSONObject(uncheckedSortedKeys: ["a"], values: [1, 2])
        }
    }

    @Test func smallPatchesSerializeExactly() {
        let patch: JSONValue = [["op": "replace", "path": "/count", "value": 5]]
        #expect(patch.canonicalText == #"[{"op":"replace","path":"/count","value":5}]"#)
        #expect(patch.prettyText == """
            [
              {
                "op": "replace",
                "path": "/count",
                "value": 5
              }
            ]
            """)
    }

    /// Pretty text built with plain string operations, recursively.
    static func referencePretty(_ value: JSONValue, indent: Int) -> String {
        let inner = String(repeating: "  ", count: indent + 1)
        let outer = String(repeating: "  ", count: indent)
        switch value {
        case .array(let elements) where !elements.isEmpty:
            let lines = elements.map { inner + referencePretty($0, indent: indent + 1) }
            return "[\n" + lines.joined(separator: ",\n") + "\n" + outer + "]"
        case .object(let object) where !object.isEmpty:
            let lines = object.members.map { key, member in
                inner + JSONTextEscaping.quoted(key) + ": " + referencePretty(member, indent: indent + 1)
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + outer + "}"
        default:
            return JSONTextEscaping.compactText(value)
        }
    }
}
