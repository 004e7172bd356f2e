import StateJSON
import TestFixtures
import Testing

@Suite struct JSONSerializationTests {
    @Test func parsingSerializedRandomValuesGivesThemBack() throws {
        var generator = RandomJSONGenerator(seed: 42)
        for _ in 0..<2_000 {
            let value = generator.value()
            #expect(try JSONValue(parsing: value.serialized(.canonical)) == value)
            #expect(try JSONValue(parsing: value.serialized(.pretty)) == value)
        }
    }

    @Test func serializingTwiceGivesTheSameBytes() throws {
        var generator = RandomJSONGenerator(seed: 7)
        for _ in 0..<500 {
            let value = generator.value()
            let bytes = value.serialized()
            #expect(try JSONValue(parsing: bytes).serialized() == bytes)
        }
    }

    @Test func canonicalTextSortsKeysAndEscapesMinimally() {
        let value: JSONValue = [
            "z": "a/b \"q\" \\ \u{08}\u{0C}\n\r\t\u{01}\u{1F} é😀",
            "a": [1, -2, 2.0, 0.1, 1e-5, 1e16, nil, true, false],
            "m": .unsigned(18_446_744_073_709_551_615),
            "big": .bigNumber("1e400"),
            "empty": [[], [:]],
        ]
        #expect(value.canonicalText == #"""
            {"a":[1,-2,2.0,0.1,1e-05,1e+16,null,true,false],"big":1e400,"empty":[[],{}],"m":18446744073709551615,"z":"a/b \"q\" \\ \b\f\n\r\t\u0001\u001f é😀"}
            """#)
    }

    @Test func prettyTextIndentsByTwoSpaces() {
        let value: JSONValue = ["name": "Blob", "tags": ["a", [:]], "empty": []]
        #expect(value.prettyText == """
            {
              "empty": [],
              "name": "Blob",
              "tags": [
                "a",
                {}
              ]
            }
            """)
    }

    @Test func writeAppendsToExistingBytes() {
        var bytes = Array("x=".utf8)
        JSONValue.array([1, "a"]).write(to: &bytes, style: .canonical)
        #expect(String(decoding: bytes, as: UTF8.self) == #"x=[1,"a"]"#)
    }

    @Test func nonFiniteDoublesAreWrittenAsNull() {
        let value: JSONValue = [.double(.infinity), .double(.nan)]
        #expect(value.canonicalText == "[null,null]")
    }

    @Test func integralDoublesStayDoubles() throws {
        for double in [1.0, -0.0, 1e22, 1e300, 123456789.0] {
            #expect(try JSONValue(parsing: JSONValue.double(double).serialized()) == .double(double))
            #expect(try JSONValue(parsing: JSONValue.double(double).canonicalText).kind == .number)
            if case .double = try JSONValue(parsing: JSONValue.double(double).canonicalText) {} else {
                Issue.record("\(double) did not read back as a double")
            }
        }
    }
}
