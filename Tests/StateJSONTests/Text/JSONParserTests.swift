import StateJSON
import Testing

@Suite struct JSONParserTests {
    /// Texts every conforming parser must accept, with the value each must produce.
    static let accepted: [(String, JSONValue)] = [
        // structure and whitespace
        ("[]", []), ("{}", [:]), (" \t\r\n[ ] ", []), ("[[[]]]", [[[]]]),
        (#"{"a":{"b":[1,{"c":null}]}}"#, ["a": ["b": [1, ["c": nil]]]]),
        (#"{ "a" : 1 , "b" : 2 }"#, ["a": 1, "b": 2]),
        (#"{"a":1,"a":2}"#, ["a": 2]),
        (#"{"b":1,"a":2,"b":3}"#, ["a": 2, "b": 3]),
        ("true", true), ("false", false), ("null", nil), ("\"\"", ""),
        // numbers
        ("0", 0), ("-0", 0), ("123", 123), ("-123", -123),
        ("9223372036854775807", .integer(.max)), ("-9223372036854775808", .integer(.min)),
        ("9223372036854775808", .unsigned(9_223_372_036_854_775_808)),
        ("18446744073709551615", .unsigned(.max)),
        ("18446744073709551616", .bigNumber("18446744073709551616")),
        ("-9223372036854775809", .bigNumber("-9223372036854775809")),
        ("1.5", 1.5), ("-0.0", .double(-0.0)), ("1e2", 100.0), ("1E+2", 100.0), ("1e-2", 0.01),
        ("0.1", 0.1), ("2.2250738585072014e-308", 2.2250738585072014e-308), ("5e-324", .double(.leastNonzeroMagnitude)),
        ("1.7976931348623157e308", 1.7976931348623157e308),
        ("0.30000000000000004", 0.30000000000000004),
        // A fraction or exponent is a .double only when the Double writes back as the same number.
        ("123456789012345678901234567890.5", .bigNumber("123456789012345678901234567890.5")),
        ("12345678901234567890.123456789", .bigNumber("12345678901234567890.123456789")),
        ("0.10000000000000001", .bigNumber("0.10000000000000001")), ("1.00000000000000000000", 1.0),
        ("785000000.1234568", 785_000_000.1234568), ("-1.2345678901234568e-300", -1.2345678901234568e-300),
        ("0.000000000000000000000000000001", 1e-30), ("1e-310", .double(1e-300 / 1e10)),
        ("1e400", .bigNumber("1e400")), ("-1e400", .bigNumber("-1e400")), ("1e-400", .bigNumber("1e-400")),
        ("0e999999999999", 0.0),
        // strings and escapes
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""\u0041\u00e9\u20AC""#, "Aé€"), (#""\ud83d\ude00""#, "😀"), (#""\u0000""#, "\u{0}"),
        ("\"é😀\u{7F}\"", "é😀\u{7F}"), (#""a\nb""#, "a\nb"),
    ]

    /// Texts every conforming parser must reject, with the error each must report.
    static let rejected: [(String, String)] = [
        ("", "line 1, column 1: the input is empty; expected a JSON value."),
        ("  \n ", "line 2, column 2: the input is empty; expected a JSON value."),
        ("[1,]", "line 1, column 4: a trailing comma before ']' is not allowed."),
        (#"{"a":1,}"#, "line 1, column 8: a trailing comma before '}' is not allowed."),
        ("[1 2]", "line 1, column 4: expected ',' or ']' after an array element."),
        ("{\"a\": 1\n  \"b\": 2}", "line 2, column 3: expected ',' or '}' after an object member."),
        (#"{"a" 1}"#, "line 1, column 6: expected ':' after an object key."),
        ("{1:2}", "line 1, column 2: expected a string key or '}'."),
        ("[1] x", "line 1, column 5: unexpected 'x' after the end of the JSON value."),
        ("[1", "line 1, column 3: unexpected end of input; expected ',' or ']' after an array element."),
        ("[", "line 1, column 2: unexpected end of input; expected a value."),
        ("01", "line 1, column 1: numbers cannot have leading zeros."),
        ("-01", "line 1, column 2: numbers cannot have leading zeros."),
        ("1.", "line 1, column 3: expected a digit after the decimal point."),
        (".5", "line 1, column 1: expected a value; JSON numbers need a digit before the decimal point."),
        ("1e", "line 1, column 3: expected a digit in the exponent."),
        ("-", "line 1, column 2: expected a digit after '-'."),
        ("+1", "line 1, column 1: expected a value; JSON numbers cannot start with '+'."),
        ("NaN", "line 1, column 1: expected a value; NaN and Infinity are not valid JSON numbers."),
        ("[-Infinity]", "line 1, column 3: expected a digit after '-'."),
        ("1.5.2", "line 1, column 4: unexpected '.' in a number."),
        ("0x10", "line 1, column 2: unexpected 'x' after the end of the JSON value."),
        ("[1] // note", "line 1, column 5: unexpected '/' after the end of the JSON value."),
        ("/* c */ 1", "line 1, column 1: expected a value; comments are not allowed in JSON."),
        ("'a'", "line 1, column 1: expected a value; JSON strings use double quotes."),
        ("tru", "line 1, column 1: invalid literal; expected 'true'."),
        ("[nul]", "line 1, column 2: invalid literal; expected 'null'."),
        ("True", "line 1, column 1: expected a value, found 'T'."),
        ("\"abc", "line 1, column 1: the string that starts here has no closing quote."),
        ("\"a\tb\"", "line 1, column 3: the control character U+0009 must be escaped inside a string."),
        ("\"a\nb\"", "line 1, column 3: the control character U+000A must be escaped inside a string."),
        (#""\x""#, #"line 1, column 2: invalid escape '\x' in a string."#),
        (#""\u12""#, #"line 1, column 2: a '\u' escape needs four hexadecimal digits."#),
        (#""\uD800""#, #"line 1, column 2: the high surrogate escape \uD800 is not followed by a low surrogate escape."#),
        (#""\uD800\u0041""#, #"line 1, column 2: the high surrogate escape \uD800 is followed by \u0041, which is not a low surrogate."#),
        (#""\uDC00""#, #"line 1, column 2: the low surrogate escape \uDC00 has no high surrogate before it."#),
        (#"["é", 1 1]"#, "line 1, column 9: expected ',' or ']' after an array element."),
        ("[1,\n\n   ,2]", "line 3, column 4: expected a value before ','."),
    ]

    /// Byte sequences that are not well-formed UTF-8 inside a string.
    static let rejectedBytes: [([UInt8], String)] = [
        ([0x22, 0xC0, 0xAF, 0x22], "line 1, column 2: invalid UTF-8: byte 0xC0 cannot start a character."),
        ([0x22, 0xE0, 0x80, 0xAF, 0x22], "line 1, column 2: invalid UTF-8: the sequence starting with byte 0xE0 is ill-formed."),
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "line 1, column 2: invalid UTF-8: the sequence starting with byte 0xED encodes a surrogate."),
        ([0x22, 0x61, 0xE2, 0x82, 0x22], "line 1, column 3: invalid UTF-8: the sequence starting with byte 0xE2 is ill-formed."),
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "line 1, column 2: invalid UTF-8: the sequence starting with byte 0xF4 is ill-formed."),
        ([0x22, 0xFF, 0x22], "line 1, column 2: invalid UTF-8: byte 0xFF cannot start a character."),
        ([0x22, 0x5C, 0x6E, 0x80, 0x22], "line 1, column 4: invalid UTF-8: byte 0x80 cannot start a character."),
        ([0xEF, 0xBB, 0xBF, 0x31], "line 1, column 1: expected a value, found byte 0xEF."),
    ]

    @Test(arguments: accepted)
    func acceptsValidJSON(text: String, expected: JSONValue) throws {
        let value = try JSONValue(parsing: text)
        #expect(value == expected)
        #expect(value.canonicalText == expected.canonicalText)
    }

    @Test(arguments: rejected)
    func rejectsInvalidJSONWithLocatedMessage(text: String, message: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
        do {
            _ = try JSONValue(parsing: text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: rejectedBytes)
    func rejectsInvalidUTF8(bytes: [UInt8], message: String) {
        do {
            let value = try JSONValue(parsing: bytes)
            Issue.record("accepted \(value)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func errorsCarryCodeAndOffset() {
        do {
            _ = try JSONValue(parsing: "[1,\n 01]")
            Issue.record("accepted a leading zero")
        } catch {
            #expect(error.code == .invalidNumber)
            #expect(error.line == 2)
            #expect(error.column == 2)
            #expect(error.offset == 5)
        }
    }

    @Test func depthBeyondTheLimitIsAnError() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try JSONValue(parsing: ok).kind == .array)
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        do {
            _ = try JSONValue(parsing: deep)
            Issue.record("accepted depth 513")
        } catch {
            #expect(error.description == "line 1, column 513: arrays and objects are nested deeper than the limit of 512.")
        }
        let hostile = String(repeating: "{\"a\":[", count: 200_000)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: hostile) }
        let custom = JSONParser(limits: .init(maxDepth: 2))
        #expect(throws: JSONParseError.self) { try custom.parse("[[[]]]") }
        #expect(try custom.parse("[[]]") == [[]])
    }

    @Test func parsesLargeObjectsWithLastDuplicateWinning() throws {
        let count = 100_000
        var text = "{"
        for index in (0..<count).reversed() {
            text += "\"k\(index)\":\(index),"
        }
        text += "\"k5\":-1}"
        let value = try JSONValue(parsing: text)
        let object = try #require(value.objectValue)
        #expect(object.count == count)
        #expect(object["k5"] == -1)
        #expect(object["k99999"] == 99_999)
    }

    @Test func parsesNonContiguousCollections() throws {
        let bytes = Array("[1,\"a\"]".utf8)
        #expect(try JSONParser().parse(bytes.lazy.map { $0 }) == [1, "a"])
        #expect(try JSONParser().parse(bytes[...]) == [1, "a"])
    }
}
