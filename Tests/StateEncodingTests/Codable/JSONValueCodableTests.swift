import Foundation
import StateJSON
import StateEncoding
import Testing

@Suite struct JSONValueCodableTests {
    struct Event: Codable, Equatable {
        var name: String
        var payload: JSONValue
    }

    static let payloads: [JSONValue] = [
        .null, true, false, 0, -42, .integer(.max), .integer(.min), .unsigned(.max), 1.5, -0.25, 1e300, "",
        "text with \"quotes\" and é", [], [1, "two", [3.5, nil]], [:],
        ["a": 1, "b": ["c": [true, false]], "z": nil],
    ]

    /// Kinds other coders change: a whole `double`, and digits beyond every fixed-width number.
    static let exactOnly: [JSONValue] = [.double(2), .bigNumber("123456789012345678901234567890"), ["n": .double(-1)]]

    @Test(arguments: payloads + exactOnly)
    func ourCodersPassTheValueThroughAsIs(_ payload: JSONValue) throws {
        let event = Event(name: "tap", payload: payload)
        let tree = try JSONValueEncoder().encode(event)
        #expect(tree == ["name": "tap", "payload": payload])
        #expect(try JSONValueDecoder().decode(Event.self, from: tree) == event)
    }

    @Test(arguments: payloads)
    func foundationsCodersRoundTripTheValue(_ payload: JSONValue) throws {
        let event = Event(name: "tap", payload: payload)
        let data = try JSONEncoder().encode(event)
        #expect(try JSONParser().parse(Array(data)) == ["name": "tap", "payload": payload])
        #expect(try JSONDecoder().decode(Event.self, from: data) == event)
    }

    @Test func otherCodersKeepWhatTheirFormatsKeep() throws {
        let whole = try JSONEncoder().encode(Event(name: "n", payload: .double(2)))
        #expect(try JSONDecoder().decode(Event.self, from: whole).payload == .integer(2))
        let big = try JSONEncoder().encode(Event(name: "n", payload: .bigNumber("123456789012345678901234567890")))
        #expect(try JSONDecoder().decode(Event.self, from: big).payload == .double(1.2345678901234568e29))
        let list = try PropertyListEncoder().encode(Event(name: "n", payload: .bigNumber("12345678901234567890123")))
        #expect(try PropertyListDecoder().decode(Event.self, from: list).payload == .double(1.2345678901234568e22))
    }

    @Test func aBigNumberBeyondDoubleIsAnErrorForOtherEncoders() throws {
        let huge = Event(name: "n", payload: .bigNumber("1" + String(repeating: "0", count: 400)))
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(huge) }
        #expect(try JSONValueEncoder().encode(huge)["payload"] == huge.payload)
    }

    @Test func aDecoderHoldingNoJSONKindIsAnError() {
        // A property list date is none of JSON's kinds.
        struct Holder: Codable { var value: JSONValue }
        struct Dated: Codable { var value: Date }
        #expect(throws: DecodingError.self) {
            let data = try PropertyListEncoder().encode(Dated(value: Date(timeIntervalSince1970: 0)))
            _ = try PropertyListDecoder().decode(Holder.self, from: data)
        }
    }
}
