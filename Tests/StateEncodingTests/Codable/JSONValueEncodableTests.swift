import Foundation
import StateJSON
import StateEncoding
import Testing

@Suite struct JSONValueEncodableTests {
    struct Member: Codable, Equatable, JSONValueEncodable {
        var id: Int
        var name: String
        var score: Double

        private static let template = JSONObjectTemplate("id", "name", "score")

        func jsonValue() -> JSONValue {
            Self.template.object([.integer(Int64(id)), .string(name), .double(score)])
        }
    }

    struct Team: Codable, Equatable {
        var title: String
        var members: [Member]
        var captain: Member?
        var byRole: [String: Member]
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "the member is broken" }
    }

    /// Fails for a negative id, once with a plain error and once with a path of its own.
    struct Fragile: Codable, JSONValueEncodable {
        var id: Int

        func jsonValue() throws -> JSONValue {
            if id == -1 { throw Failure() }
            if id == -2 { throw JSONEncodingError(codingPath: [JSONCodingKey("inner")], message: "the inner value is bad.") }
            return .object(["id": .integer(Int64(id))])
        }
    }

    struct FragileHolder: Codable {
        var items: [Fragile]
        var single: Fragile?
    }

    /// Its key differs from its property's name, so only the protocol's `encode(to:)` writes "name".
    struct Renamed: Codable, JSONValueEncodable {
        var fullName: String

        func jsonValue() -> JSONValue { .object(["name": .string(fullName)]) }
    }

    /// Its own `encode(to:)` fails, so encoding succeeds only through `jsonValue()`.
    struct RouteProbe: JSONValueEncodable {
        var id: Int

        func encode(to encoder: any Encoder) throws { throw Failure() }
        func jsonValue() -> JSONValue { .integer(Int64(id)) }
    }

    struct RouteProbeHolder: Encodable {
        var probes: [RouteProbe]
        var one: RouteProbe
        var maybe: RouteProbe?
        var byName: [String: RouteProbe]
    }

    /// Throws an `EncodingError` with a path of its own.
    struct Invalid: Encodable, JSONValueEncodable {
        func jsonValue() throws -> JSONValue {
            throw EncodingError.invalidValue(
                -1, EncodingError.Context(codingPath: [JSONCodingKey("age")], debugDescription: "negative age"))
        }
    }

    struct JSONCodingKey: CodingKey {
        var stringValue: String
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    static let team = Team(
        title: "Blue",
        members: [Member(id: 1, name: "Ada", score: 1.5), Member(id: 2, name: "Grace \"G\"", score: -3.25)],
        captain: Member(id: 1, name: "Ada", score: 1.5),
        byRole: ["lead": Member(id: 2, name: "Grace \"G\"", score: -3.25)])

    static let expected: JSONValue = [
        "title": "Blue",
        "members": [["id": 1, "name": "Ada", "score": 1.5], ["id": 2, "name": "Grace \"G\"", "score": -3.25]],
        "captain": ["id": 1, "name": "Ada", "score": 1.5],
        "byRole": ["lead": ["id": 2, "name": "Grace \"G\"", "score": -3.25]],
    ]

    @Test func theEncoderUsesTheConformanceInArraysOptionalsAndDictionaries() throws {
        #expect(try JSONValueEncoder().encode(Self.team) == Self.expected)
        #expect(try JSONValueEncoder().encode(Self.team.members) == Self.expected["members"])
        #expect(try JSONValueEncoder().encode(Self.team.captain) == Self.expected["captain"])
    }

    @Test func theEncoderTakesTheConformanceNotEncodeTo() throws {
        let holder = RouteProbeHolder(
            probes: [RouteProbe(id: 1), RouteProbe(id: 2)], one: RouteProbe(id: 3), maybe: RouteProbe(id: 4),
            byName: ["five": RouteProbe(id: 5)])
        #expect(
            try JSONValueEncoder().encode(holder) == ["probes": [1, 2], "one": 3, "maybe": 4, "byName": ["five": 5]])
        #expect(try IncrementalJSONEncoder<RouteProbeHolder>().encode(holder)["probes"] == [1, 2])
        // Foundation goes through `encode(to:)`, which this type makes fail.
        #expect(throws: Failure.self) { try JSONEncoder().encode(holder) }
    }

    @Test func theProvidedEncodeToWritesTheConformancesKeys() throws {
        let text = try JSONEncoder().encode([Renamed(fullName: "Ada Lovelace")])
        #expect(String(decoding: text, as: UTF8.self) == #"[{"name":"Ada Lovelace"}]"#)
    }

    @Test func otherEncodersWriteTheSameJSONThroughTheProvidedEncodeTo() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = try encoder.encode(Self.team)
        #expect(try JSONParser().parse(Array(text)) == Self.expected)
        // The synthesized decoder reads it back.
        #expect(try JSONDecoder().decode(Team.self, from: text) == Self.team)
        #expect(try JSONValueDecoder().decode(Team.self, from: Self.expected) == Self.team)
    }

    @Test func theIncrementalEncoderGivesTheSameJSONAsItChanges() throws {
        let incremental = IncrementalJSONEncoder<Team>()
        var team = Self.team
        #expect(try incremental.encode(team) == Self.expected)
        team.members[1].score = 7
        team.members.append(Member(id: 3, name: "Linus", score: 0))
        #expect(try incremental.encode(team) == JSONValueEncoder().encode(team))
        let members = try #require(try incremental.encode(team)["members"]?.arrayValue)
        #expect(members.count == 3)
        #expect(members[1]["score"] == .double(7))
    }

    @Test func errorsNameThePathOfTheValueThatThrew() {
        let holder = FragileHolder(items: [Fragile(id: 1), Fragile(id: -1)], single: nil)
        #expect {
            try JSONValueEncoder().encode(holder)
        } throws: { error in
            (error as? JSONEncodingError)?.description == "items[1]: encoding failed: the member is broken."
        }
        let nested = FragileHolder(items: [], single: Fragile(id: -2))
        #expect {
            try JSONValueEncoder().encode(nested)
        } throws: { error in
            (error as? JSONEncodingError)?.description == "single.inner: the inner value is bad."
        }
    }

    @Test func theProvidedJSONValuesReportsTheFailingIndex() throws {
        let members = [Member(id: 1, name: "a", score: 0), Member(id: 2, name: "b", score: 0.5)]
        let values = try members.withUnsafeBufferPointer { try Member.jsonValues(of: $0) }
        #expect(values == members.map { $0.jsonValue() })
        let fragile = [Fragile(id: 1), Fragile(id: -2)]
        #expect {
            try fragile.withUnsafeBufferPointer { try Fragile.jsonValues(of: $0) }
        } throws: { error in
            (error as? JSONEncodingError)?.description == "[1].inner: the inner value is bad."
        }
    }

    @Test func anEncodingErrorKeepsItsPathAfterTheValues() {
        #expect {
            try JSONValueEncoder().encode(["people": [Invalid(), Invalid()]])
        } throws: { error in
            (error as? JSONEncodingError)?.path == "people[0].age"
        }
    }

    @Test func theIncrementalEncoderReportsTheSamePathAndRecovers() throws {
        let incremental = IncrementalJSONEncoder<FragileHolder>()
        #expect(try incremental.encode(FragileHolder(items: [Fragile(id: 1)], single: nil)) == ["items": [["id": 1]]])
        #expect {
            try incremental.encode(FragileHolder(items: [Fragile(id: 1), Fragile(id: 2), Fragile(id: -1)], single: nil))
        } throws: { error in
            (error as? JSONEncodingError)?.description == "items[2]: encoding failed: the member is broken."
        }
        #expect(try incremental.encode(FragileHolder(items: [Fragile(id: 4)], single: nil)) == ["items": [["id": 4]]])
    }

    @Test func aTemplateTellsKeysApartByTheirBytes() {
        // The same "é" as one code point and as "e" plus an accent: equal as Swift strings, two keys in JSON.
        let template = JSONObjectTemplate("\u{E9}", "e\u{301}")
        let object = template.makeObject([1, 2])
        #expect(object.count == 2)
        #expect(object.index(forKey: "\u{E9}").map { object.values[$0] } == 1)
        #expect(object.index(forKey: "e\u{301}").map { object.values[$0] } == 2)
    }

    @Test func aTemplatePutsValuesInKeyOrderWhateverOrderTheyCome() {
        let orders = [["id", "name", "score"], ["score", "name", "id"], ["name", "score", "id"], ["b", "a"], ["only"], []]
        for keys in orders {
            let template = JSONObjectTemplate(keys: keys)
            let values = keys.indices.map { JSONValue.integer(Int64($0)) }
            let built = template.makeObject(values)
            let reference = JSONObject(zip(keys, values).map { ($0, $1) })
            #expect(built == reference, "keys \(keys)")
            #expect(built.keys == keys.sorted { JSONObject.precedes($0, $1) })
            #expect(template.keys == keys)
        }
    }

    @Test func theProtocolsDocumentationExampleWritesWhatItSays() throws {
        struct User: Codable, JSONValueEncodable {
            var id: Int
            var name: String
            var tags: [String]

            private static let template = JSONObjectTemplate("id", "name", "tags")

            func jsonValue() -> JSONValue {
                Self.template.object(.integer(Int64(id)), .string(name), .array(tags.map { .string($0) }))
            }
        }
        let users = [User(id: 1, name: "Blob", tags: ["admin"])]
        #expect(try JSONValueEncoder().encode(users).canonicalText == #"[{"id":1,"name":"Blob","tags":["admin"]}]"#)
    }

    @Test func valuesPassedOneByOneBuildWhatAnArrayBuilds() {
        // Every form (2 to 8 values), each with its keys in order, reversed, and rotated.
        for count in 2...8 {
            let names = (0..<count).map { "k\($0)" }
            for keys in [names, names.reversed(), Array(names[1...] + names[..<1])] {
                let template = JSONObjectTemplate(keys: keys)
                let values = keys.indices.map { JSONValue.string("value \($0) of \(keys[$0]) and some length") }
                let built: JSONValue = switch count {
                case 2: template.object(values[0], values[1])
                case 3: template.object(values[0], values[1], values[2])
                case 4: template.object(values[0], values[1], values[2], values[3])
                case 5: template.object(values[0], values[1], values[2], values[3], values[4])
                case 6: template.object(values[0], values[1], values[2], values[3], values[4], values[5])
                case 7: template.object(values[0], values[1], values[2], values[3], values[4], values[5], values[6])
                default: template.object(values[0], values[1], values[2], values[3], values[4], values[5], values[6], values[7])
                }
                #expect(built == template.object(values), "keys \(keys)")
                #expect(built == .object(JSONObject(zip(keys, values).map { ($0, $1) })), "keys \(keys)")
            }
        }
    }

    @Test func aTemplateSortsKeysByTheirBytes() {
        // "é" (0xC3 0xA9) sorts after "z" by bytes; "Z" before "a".
        let template = JSONObjectTemplate("é", "z", "a", "Z")
        let object = template.object([1, 2, 3, 4])
        #expect(object.canonicalText == #"{"Z":4,"a":3,"z":2,"é":1}"#)
    }

    @Test func aTemplateRefusesARepeatedKey() async {
        await #expect(processExitsWith: .failure) {
            _ = JSONObjectTemplate("id", "name", "id")
        }
    }

    @Test func aTemplateRefusesTheWrongNumberOfValues() async {
        await #expect(processExitsWith: .failure) {
            _ = JSONObjectTemplate("id", "name").object([1])
        }
        await #expect(processExitsWith: .failure) {
            _ = JSONObjectTemplate("id").object(1, 2)
        }
    }
}
