import Foundation
import StateJSON
import Testing

/// The parser's shortcuts (recursion before the explicit stack, shared keys of sibling objects,
/// the key cache, the eight-byte string scan) must give exactly what the plain grammar gives.
@Suite struct JSONParserFastPathTests {
    @Test func nestingAcrossTheRecursionLimitParsesTheSameValue() throws {
        var value: JSONValue = ["leaf": [1, "x"]]
        for level in 0..<150 {
            value = level.isMultiple(of: 3) ? [value, nil] : ["b\(level)": value, "a": .integer(Int64(level))]
        }
        #expect(try JSONValue(parsing: value.canonicalText) == value)
        #expect(try JSONValue(parsing: value.prettyText) == value)
    }

    @Test func errorsBeyondTheRecursionLimitKeepTheirLocation() {
        let open = String(repeating: "[", count: 80)
        let cases: [(String, String)] = [
            (open + "1,]", "line 1, column 83: a trailing comma before ']' is not allowed."),
            (open + "{\"a\" 1}", "line 1, column 86: expected ':' after an object key."),
            (open + "\n  tru", "line 2, column 3: invalid literal; expected 'true'."),
            (open, "line 1, column 81: unexpected end of input; expected a value."),
            (open + "1" + String(repeating: "]", count: 80) + "]", "line 1, column 162: unexpected ']' after the end of the JSON value."),
        ]
        for (text, message) in cases {
            #expect(Self.parseError(text) == message)
        }
        let tooDeep = String(repeating: "[", count: 71) + String(repeating: "]", count: 71)
        #expect(Self.parseError(tooDeep, parser: JSONParser(limits: .init(maxDepth: 70)))
            == "line 1, column 71: arrays and objects are nested deeper than the limit of 70.")
    }

    @Test func siblingObjectsWithDifferentKeysKeepTheirOwn() throws {
        let text = #"""
            [{"a":1,"b":2,"c":3},{"a":4,"b":5,"c":6},{"a":7,"b":8},{"a":9,"b":10,"c":11,"d":12},
             {"b":13,"a":14,"c":15},{"a":16,"a":17,"c":18},{"\u0061":19,"b":20,"c":21},{"a":22,"c":23,"b":24},
             {"a":25,"b":26,"c":27},{},{"x":{"a":1,"b":2},"y":{"a":3,"b":4}}]
            """#
        let expected: JSONValue = [
            ["a": 1, "b": 2, "c": 3], ["a": 4, "b": 5, "c": 6], ["a": 7, "b": 8], ["a": 9, "b": 10, "c": 11, "d": 12],
            ["a": 14, "b": 13, "c": 15], ["a": 17, "c": 18], ["a": 19, "b": 20, "c": 21], ["a": 22, "b": 24, "c": 23],
            ["a": 25, "b": 26, "c": 27], [:], ["x": ["a": 1, "b": 2], "y": ["a": 3, "b": 4]],
        ]
        let value = try JSONValue(parsing: text)
        #expect(value == expected)
        #expect(value.canonicalText == expected.canonicalText)
        guard case .array(let rows) = value else {
            Issue.record("not an array")
            return
        }
        #expect(rows.compactMap { $0.objectValue?.keys.joined() } == [
            "abc", "abc", "ab", "abcd", "abc", "ac", "abc", "abc", "abc", "", "xy",
        ])
    }

    @Test func siblingKeysAreComparedByTheirWholeText() throws {
        let many = (0..<20).map { "\"k\($0 + 10)\":\($0)" }.joined(separator: ",")
        let text = """
            [{"ab":1,"b":2},{"abc":3,"b":4},{"ab" : 5 , "b":6},{"a":7,"b":8},{"a\\u0062":9,"b":10},{"ab":11,"b":12},
             {\(many)},{\(many)},{"ab":13,"b\\"":14},{"ab":15,"b\\"":16}]
            """
        var expected: [JSONValue] = [
            ["ab": 1, "b": 2], ["abc": 3, "b": 4], ["ab": 5, "b": 6], ["a": 7, "b": 8], ["ab": 9, "b": 10], ["ab": 11, "b": 12],
        ]
        let manyObject = JSONValue.object(JSONObject((0..<20).map { ("k\($0 + 10)", JSONValue.integer(Int64($0))) }))
        expected += [manyObject, manyObject, ["ab": 13, "b\"": 14], ["ab": 15, "b\"": 16]]
        #expect(try JSONValue(parsing: text) == .array(expected))
    }

    @Test func siblingKeysOfEveryLengthMatchOnlyTheirExactText() throws {
        // Keys up to 7 bytes are compared as one word (key and closing quote), longer ones in a
        // loop; near the end of the input, where a whole word cannot be read, always in the loop.
        // Every text is parsed from a buffer of exactly its size, so that reading a byte past the
        // end is caught by the address sanitizer in CI.
        for length in 0...10 {
            let key = String((0..<length).map { Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
            var variants = [key, key + "x", key + "\u{1}"]
            if length > 0 {
                variants.append(String(key.dropLast()))
                variants.append(String(key.dropLast()) + "Z")
                variants.append("Z" + key.dropFirst())
            }
            for variant in variants {
                let rows: [(String, Int64)] = [(key, 1), (key, 2), (variant, 3), (key, 4), (variant, 5)]
                let text = "[" + rows.map { "{\(JSONValue.string($0.0).canonicalText):\($0.1),\"~\":0}" }.joined(separator: ",") + "]"
                let expected = JSONValue.array(rows.map { .object(JSONObject([($0.0, .integer($0.1)), ("~", 0)])) })
                #expect(try Self.parseExactly(text) == expected, "key \(key.debugDescription), then \(variant.debugDescription)")
                // A repeated key a few bytes from the end: the word ends at the last byte, one past
                // it or earlier, depending on the key's length and the value after it.
                for value in [2, 22, 222, 2_222] {
                    let tail = "[{\(JSONValue.string(key).canonicalText):1},{\(JSONValue.string(variant).canonicalText):\(value)}]"
                    let tailExpected = JSONValue.array([
                        .object(JSONObject([(key, JSONValue.integer(1))])),
                        .object(JSONObject([(variant, JSONValue.integer(Int64(value)))])),
                    ])
                    #expect(try Self.parseExactly(tail) == tailExpected)
                }
            }
        }
    }

    @Test func errorsAfterARepeatedKeyKeepTheirLocation() {
        let cases: [(String, String)] = [
            (#"[{"a":1},{"a""#, "line 1, column 14: unexpected end of input; expected ':' after an object key."),
            (#"[{"a":1},{"a" 1}]"#, "line 1, column 15: expected ':' after an object key."),
            (#"[{"a":1},{"a":}]"#, "line 1, column 15: expected a value before '}'."),
            (#"[{"a":1},{"a"#, "line 1, column 11: the string that starts here has no closing quote."),
        ]
        for (text, message) in cases {
            #expect(Self.parseError(text) == message)
        }
    }

    @Test func keysThatShareACacheSlotStayDistinct() throws {
        // Same length, first, middle and last byte: the cache hashes these alike.
        var members: [(String, JSONValue)] = []
        for first in ["k", "m"] {
            for inner in ["aa", "ab", "ba", "bb", "zz"] {
                let key = first + inner.prefix(1) + "Q" + inner.suffix(1) + "z"
                members.append((key, .string(key)))
            }
        }
        members.append((String(repeating: "long", count: 12) + "1", 1))
        members.append((String(repeating: "long", count: 12) + "2", 2))
        let object = JSONValue.object(JSONObject(members))
        let rows = JSONValue.array(Array(repeating: object, count: 3) + [["kaQaz": 0, "kaQbz": 1]])
        let parsed = try JSONValue(parsing: rows.canonicalText)
        #expect(parsed == rows)
        guard case .array(let elements) = parsed, case .object(let first) = elements[0] else {
            Issue.record("unexpected shape")
            return
        }
        for (key, member) in first.members where key.hasPrefix("k") || key.hasPrefix("m") {
            #expect(member == .string(key))
        }
    }

    @Test func stringsWithSpecialBytesAtEveryOffsetParse() throws {
        let inserts = ["\\\"", "\\\\", "\\n", "\\u0001", "é", "😀", "\u{7F}", "/", "\\/"]
        let decoded = ["\"", "\\", "\n", "\u{01}", "é", "😀", "\u{7F}", "/", "/"]
        for length in 0..<20 {
            for offset in 0...length {
                for (insert, expected) in zip(inserts, decoded) {
                    let prefix = String(repeating: "p", count: offset)
                    let suffix = String(repeating: "s", count: length - offset)
                    let text = "[\"" + prefix + insert + suffix + "\",\"é\",\"" + prefix + "\"]"
                    #expect(try JSONValue(parsing: text) == [.string(prefix + expected + suffix), "é", .string(prefix)])
                }
            }
        }
    }

    @Test func integersOfEveryLengthParseTheSameInEveryPosition() throws {
        // The short-integer loop stops at 18 digits, so lengths around it take both paths.
        var digits = ""
        for length in 1...22 {
            digits += String((length * 7) % 10)
            let expected: JSONValue = if let integer = Int64(digits) {
                .integer(integer)
            } else if let unsigned = UInt64(digits) {
                .unsigned(unsigned)
            } else {
                .bigNumber(digits)
            }
            #expect(try Self.parseExactly(digits) == expected)
            #expect(try Self.parseExactly("[" + digits + "]") == [expected])
            #expect(try Self.parseExactly("[" + digits + "," + digits + "]") == [expected, expected])
            #expect(try Self.parseExactly("{\"a\":" + digits + "}") == ["a": expected])
            #expect(try Self.parseExactly("[" + digits + " ]") == [expected])
            #expect(try Self.parseExactly("[" + digits + ".5]") == [Self.fraction(digits + ".5")])
            #expect(try Self.parseExactly("[" + digits + "e2]") == [Self.fraction(digits + "e2")])
            #expect(try Self.parseExactly("[-" + digits + "]") == [Self.negated(digits)])
        }
        #expect(Self.parseError("[12x]") == "line 1, column 4: expected ',' or ']' after an array element.")
        #expect(Self.parseError("[12") == "line 1, column 4: unexpected end of input; expected ',' or ']' after an array element.")
        #expect(Self.parseError("[012]") == "line 1, column 2: numbers cannot have leading zeros.")
        #expect(Self.parseError("[1-]") == "line 1, column 3: unexpected '-' in a number.")
    }

    @Test func controlCharactersAreFoundAtEveryOffset() {
        for offset in 0..<20 {
            let text = "\"" + String(repeating: "a", count: offset) + "\u{1F}bbbbbbbbbb\""
            #expect(Self.parseError(text)
                == "line 1, column \(offset + 2): the control character U+001F must be escaped inside a string.")
        }
    }

    /// The description of the error parsing `text` throws, or `nil` when it parses.
    static func parseError(_ text: String, parser: JSONParser = JSONParser()) -> String? {
        do {
            _ = try parser.parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    /// The value of a number with a fraction or exponent: the nearest Double when it writes back as
    /// the same number (compared as `Decimal`s, which hold these exactly), else the text.
    static func fraction(_ text: String) -> JSONValue {
        guard let double = Double(text), Decimal(string: text) == Decimal(string: double.description) else {
            return .bigNumber(text)
        }
        return .double(double)
    }

    /// The value of `-digits`.
    static func negated(_ digits: String) -> JSONValue {
        if let integer = Int64("-" + digits) { return .integer(integer) }
        return .bigNumber("-" + digits)
    }

    /// Parses `text` from a heap buffer of exactly its length.
    static func parseExactly(_ text: String) throws -> JSONValue {
        let bytes = Array(text.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        defer { buffer.deallocate() }
        _ = buffer.initialize(from: bytes)
        return try JSONParser().parse(UnsafeBufferPointer(buffer))
    }
}
