import Foundation
import StateJSON
import StateEncoding
import StateRecorder
import Testing

@Suite struct JSONCodableTests {
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case rectangle(Double, Double)
        case point
        case labelled(_ name: String, size: Int?)
    }

    struct Color: Hashable, Codable {
        var red: UInt8
        var green: UInt8
    }

    enum Theme: String, Codable, CodingKeyRepresentable {
        case light, dark
    }

    struct Profile: Codable, Equatable {
        var nickname: String?
        var scores: [Int: Double]
        var themes: [Theme: Bool]
        var palette: [Color: String]
        var nested: [[String?]]
    }

    struct Document: Codable, Equatable {
        var id: UUID
        var created: Date
        var payload: Data
        var homepage: URL
        var price: Decimal
        var huge: Decimal
        var shapes: [Shape]
        var profile: Profile
        var small: Int8
        var unsigned: UInt64
        var ratio: Float
        var flag: Bool
    }

    static let document = Document(
        id: UUID(uuid: (0xE6, 0x21, 0xE1, 0xF8, 0xC3, 0x6C, 0x49, 0x5A, 0x93, 0xFC, 0x0C, 0x24, 0x7A, 0x3E, 0x6E, 0x5F)),
        created: Date(timeIntervalSince1970: 1_709_296_496.789),
        payload: Data([0, 1, 2, 250, 255]),
        homepage: URL(string: "https://example.com/a?b=c")!,
        price: Decimal(string: "12.34")!,
        huge: Decimal(string: "123456789012345678901234567890")!,
        shapes: [.circle(radius: 1.5), .rectangle(2, 3), .point, .labelled("x", size: nil), .labelled("y", size: 4)],
        profile: Profile(
            nickname: nil, scores: [1: 0.5, 20: 2], themes: [.dark: true],
            palette: [Color(red: 1, green: 2): "a"], nested: [["a", nil], []]),
        small: -128, unsigned: .max, ratio: 0.1, flag: true)

    @Test func decodingWhatWasEncodedGivesTheValueBack() throws {
        let value = try JSONValueEncoder().encode(Self.document)
        #expect(try JSONValueDecoder().decode(Document.self, from: value) == Self.document)
        let reparsed = try JSONValue(parsing: value.serialized())
        #expect(try JSONValueDecoder().decode(Document.self, from: reparsed) == Self.document)
    }

    @Test func encodesInTheDocumentedForm() throws {
        let value = try JSONValueEncoder().encode(Self.document)
        #expect(value.prettyText == #"""
            {
              "created": 730989296.789,
              "flag": true,
              "homepage": "https://example.com/a?b=c",
              "huge": 123456789012345678901234567890,
              "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
              "payload": "AAEC+v8=",
              "price": 12.34,
              "profile": {
                "nested": [
                  [
                    "a",
                    null
                  ],
                  []
                ],
                "palette": [
                  {
                    "green": 2,
                    "red": 1
                  },
                  "a"
                ],
                "scores": {
                  "1": 0.5,
                  "20": 2.0
                },
                "themes": {
                  "dark": true
                }
              },
              "ratio": 0.1,
              "shapes": [
                {
                  "circle": {
                    "radius": 1.5
                  }
                },
                {
                  "rectangle": {
                    "_0": 2.0,
                    "_1": 3.0
                  }
                },
                {
                  "point": {}
                },
                {
                  "labelled": {
                    "_0": "x"
                  }
                },
                {
                  "labelled": {
                    "_0": "y",
                    "size": 4
                  }
                }
              ],
              "small": -128,
              "unsigned": 18446744073709551615
            }
            """#)
    }

    @Test func dateStrategiesRoundTrip() throws {
        let date = Date(timeIntervalSince1970: 1_000_000_000.25)
        for (encoding, decoding, expected) in [
            (JSONValueEncoder.DateEncodingStrategy.secondsSinceReferenceDate,
             JSONValueDecoder.DateDecodingStrategy.secondsSinceReferenceDate, JSONValue.double(21_692_800.25)),
            (.iso8601, .iso8601, .string("2001-09-09T01:46:40.250Z")),
            (.secondsSince1970, .secondsSince1970, .double(1_000_000_000.25)),
            (.millisecondsSince1970, .millisecondsSince1970, .integer(1_000_000_000_250)),
        ] {
            let value = try JSONValueEncoder(dateEncodingStrategy: encoding).encode(date)
            #expect(value == expected)
            #expect(try JSONValueDecoder(dateDecodingStrategy: decoding).decode(Date.self, from: value) == date)
        }
    }

    @Test func iso8601AcceptsOffsetsAndLongFractions() throws {
        let decoder = JSONValueDecoder()
        let utc = try decoder.decode(Date.self, from: "2024-03-01T12:34:56Z")
        #expect(try decoder.decode(Date.self, from: "2024-03-01T13:34:56+01:00") == utc)
        #expect(try decoder.decode(Date.self, from: "2024-03-01T12:34:56.000000Z") == utc)
        #expect(utc.timeIntervalSince1970 == 1_709_296_496)
        #expect(try decoder.decode(Date.self, from: "1969-12-31T23:59:59.500Z").timeIntervalSince1970 == -0.5)
        let encoder = JSONValueEncoder(dateEncodingStrategy: .iso8601)
        #expect(try encoder.encode(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
        #expect(try encoder.encode(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
        do {
            _ = try decoder.decode(Date.self, from: "2023-02-29T00:00:00Z")
            Issue.record("accepted February 29 in 2023")
        } catch {
            #expect(error.description == #"the top-level value: "2023-02-29T00:00:00Z" is not an ISO 8601 date such as "2024-03-01T12:34:56.789Z"."#)
        }
    }

    struct User: Codable, Equatable {
        var age: Int
        var level: UInt8?
    }

    struct Users: Codable, Equatable {
        var users: [User]
    }

    struct Settings: Codable { var theme: String }
    struct Root: Codable { var settings: Settings }

    @Test func decodingErrorsNameThePath() {
        let cases: [(JSONValue, String)] = [
            (["users": [["age": 1], ["age": 2], ["age": 3], ["age": "x"]]], #"users[3].age: expected Int, found "x"."#),
            (["users": [["age": 1, "level": 300]]], "users[0].level: 300 does not fit in UInt8."),
            (["users": [["age": 1.5]]], "users[0].age: 1.5 does not fit in Int."),
            (["users": [[:]]], #"users[0].age: required key "age" is missing."#),
            (["users": [nil]], "users[0]: expected an object, found null."),
            (["users": ["a": 1]], "users: expected an array, found an object with 1 member."),
            ([1], "the top-level value: expected an object, found an array of 1 element."),
        ]
        for (value, message) in cases {
            do {
                _ = try JSONValueDecoder().decode(Users.self, from: value)
                Issue.record("decoded \(value)")
            } catch {
                #expect(error.description == message)
            }
        }
        do {
            _ = try JSONValueDecoder().decode(Root.self, from: ["settings": [:]])
        } catch {
            #expect(error.description == #"settings.theme: required key "theme" is missing."#)
            #expect(error.code == .keyNotFound)
        }
    }

    @Test func integerRangesAreChecked() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(UInt8.self, from: 255) == 255)
        #expect(throws: JSONDecodingError.self) { try decoder.decode(UInt8.self, from: 256) }
        #expect(throws: JSONDecodingError.self) { try decoder.decode(UInt.self, from: -1) }
        #expect(try decoder.decode(Int64.self, from: .integer(.min)) == .min)
        #expect(try decoder.decode(UInt64.self, from: .unsigned(.max)) == .max)
        #expect(try decoder.decode(Int.self, from: 2.0) == 2)
        #expect(try decoder.decode(Double.self, from: .bigNumber("1e300")) == 1e300)
        #expect(throws: JSONDecodingError.self) { try decoder.decode(Float.self, from: 1e300) }
        #expect(try decoder.decode(Decimal.self, from: 0.25) == Decimal(string: "0.25"))
    }

    @Test func nonFiniteNumbersCannotBeEncoded() {
        struct Reading: Encodable { var values: [Double] }
        do {
            _ = try JSONValueEncoder().encode(Reading(values: [1, .nan]))
            Issue.record("encoded NaN")
        } catch {
            #expect(error.description == "values[1]: nan cannot be encoded because JSON has no NaN or infinity.")
        }
        #expect(throws: JSONEncodingError.self) { try JSONValueEncoder().encode(Float.infinity) }
    }

    @Test func optionalsAreOmittedOrNull() throws {
        struct Box: Codable, Equatable {
            var a: Int?
            var b: Int??
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeIfPresent(a, forKey: .a)
                try container.encode(b ?? nil, forKey: .b)
            }
        }
        #expect(try JSONValueEncoder().encode(Box(a: nil, b: nil)) == ["b": nil])
        #expect(try JSONValueEncoder().encode(Box(a: 1, b: 2)) == ["a": 1, "b": 2])
        #expect(try JSONValueDecoder().decode(Box.self, from: ["b": nil]) == Box(a: nil, b: nil))
    }

    class Animal: Codable {
        var legs: Int
        init(legs: Int) { self.legs = legs }
    }

    final class Dog: Animal {
        var name: String
        init(name: String, legs: Int) {
            self.name = name
            super.init(legs: legs)
        }
        enum CodingKeys: String, CodingKey { case name }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            try super.init(from: container.superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try super.encode(to: container.superEncoder())
        }
    }

    @Test func superEncodersNestUnderSuper() throws {
        let value = try JSONValueEncoder().encode(Dog(name: "Rex", legs: 4))
        #expect(value.canonicalText == #"{"name":"Rex","super":{"legs":4}}"#)
        let dog = try JSONValueDecoder().decode(Dog.self, from: value)
        #expect(dog.name == "Rex" && dog.legs == 4)
    }

    struct Pair: Codable, Equatable {
        var first: Int
        var second: [String]
        init(first: Int, second: [String]) {
            self.first = first
            self.second = second
        }
        init(from decoder: any Decoder) throws {
            var outer = try decoder.unkeyedContainer()
            first = try outer.decode(Int.self)
            var inner = try outer.nestedUnkeyedContainer()
            var strings: [String] = []
            while !inner.isAtEnd { strings.append(try inner.decode(String.self)) }
            second = strings
            _ = try outer.superDecoder()
        }
        func encode(to encoder: any Encoder) throws {
            var outer = encoder.unkeyedContainer()
            try outer.encode(first)
            var inner = outer.nestedUnkeyedContainer()
            for string in second { try inner.encode(string) }
            var keyed = outer.nestedContainer(keyedBy: JSONAnyKey.self)
            try keyed.encode(true, forKey: JSONAnyKey(stringValue: "k"))
        }
    }

    struct JSONAnyKey: CodingKey {
        var stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        var intValue: Int? { nil }
    }

    @Test func nestedUnkeyedContainersWork() throws {
        let pair = Pair(first: 1, second: ["a", "b"])
        let value = try JSONValueEncoder().encode(pair)
        #expect(value.canonicalText == #"[1,["a","b"],{"k":true}]"#)
        #expect(try JSONValueDecoder().decode(Pair.self, from: value) == pair)
        do {
            _ = try JSONValueDecoder().decode(Pair.self, from: [1, ["a"]])
            Issue.record("decoded a short array")
        } catch {
            #expect(error.description == "[2]: expected a value, but the array has only 2 elements.")
        }
    }

    @Test func userInfoReachesTheCodableMethods() throws {
        struct Probe: Codable {
            static let key = CodingUserInfoKey(rawValue: "probe")!
            var seen: String
            init(seen: String) { self.seen = seen }
            init(from decoder: any Decoder) throws { seen = decoder.userInfo[Probe.key] as? String ?? "none" }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.userInfo[Probe.key] as? String ?? "none")
            }
        }
        #expect(try JSONValueEncoder(userInfo: [Probe.key: "enc"]).encode(Probe(seen: "")) == "enc")
        #expect(try JSONValueDecoder(userInfo: [Probe.key: "dec"]).decode(Probe.self, from: nil).seen == "dec")
    }

    @Test func randomValuesDecodeAsJSONValueShapes() throws {
        struct Wrapper: Codable, Equatable {
            var items: [String: [Int]]
            var name: String
        }
        var random = SeededGenerator(seed: 3)
        for _ in 0..<200 {
            var items: [String: [Int]] = [:]
            for _ in 0..<Int.random(in: 0..<5, using: &random) {
                items["k\(Int.random(in: 0..<100, using: &random))"] = (0..<Int.random(in: 0..<4, using: &random)).map { _ in
                    Int.random(in: Int.min...Int.max, using: &random)
                }
            }
            let wrapper = Wrapper(items: items, name: "n\(Int.random(in: 0..<9, using: &random))")
            let value = try JSONValueEncoder().encode(wrapper)
            #expect(try JSONValueDecoder().decode(Wrapper.self, from: JSONValue(parsing: value.serialized())) == wrapper)
        }
    }

    @Test func objectsOfOneKeyTypeWithDifferentKeysSortCorrectly() throws {
        var random = SeededGenerator(seed: 8)
        let dictionaries: [[String: Int]] = (0..<100).map { _ in
            var dictionary: [String: Int] = [:]
            for _ in 0..<Int.random(in: 0..<6, using: &random) {
                dictionary[["b", "a", "é", "B", "aa", ""].randomElement(using: &random) ?? ""] = Int.random(in: 0..<9, using: &random)
            }
            return dictionary
        }
        let value = try JSONValueEncoder().encode(dictionaries)
        let expected = JSONValue.array(dictionaries.map { dictionary in
            .object(JSONObject(dictionary.map { ($0.key, JSONValue.integer(Int64($0.value))) }))
        })
        #expect(value == expected)
    }

    @Test func aKeyEncodedTwiceKeepsTheLastValue() throws {
        struct Twice: Encodable {
            enum CodingKeys: String, CodingKey { case b, a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(1, forKey: .b)
                try container.encode(2, forKey: .a)
                try container.encode(3, forKey: .b)
            }
        }
        #expect(try JSONValueEncoder().encode([Twice(), Twice()]).canonicalText == #"[{"a":2,"b":3},{"a":2,"b":3}]"#)
    }

    @Test func errorsThrownByCodableCodeKeepTheirPath() {
        let cases: [(JSONValue, String)] = [
            ([["triangle": [:]]], "[0]: expected Shape: Invalid number of keys found, expected one."),
            ([["circle": ["radius": "big"]]], #"[0].circle.radius: expected Double, found "big"."#),
            ([["rectangle": ["_0": 1.0]]], #"[0].rectangle._1: required key "_1" is missing."#),
        ]
        for (value, message) in cases {
            do {
                _ = try JSONValueDecoder().decode([Shape].self, from: value)
                Issue.record("decoded \(value)")
            } catch {
                #expect(error.description == message)
            }
        }
    }

    @Test func longFoundValuesAreShortened() {
        do {
            _ = try JSONValueDecoder().decode(Int.self, from: .string(String(repeating: "x", count: 100)))
            Issue.record("decoded a string as Int")
        } catch {
            #expect(error.description == "the top-level value: expected Int, found \"" + String(repeating: "x", count: 36) + "….")
        }
    }
}
