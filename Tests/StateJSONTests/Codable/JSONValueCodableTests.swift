import Foundation
import StateJSON
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

    @Test(arguments: payloads)
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

    @Test func aBigNumberGoesToOtherEncodersAsADecimalWhenOneHoldsIt() throws {
        let exact = Event(name: "n", payload: .bigNumber("123456789012345678901234567890"))
        let text = String(decoding: try JSONEncoder().encode(exact), as: UTF8.self)
        #expect(text.contains("123456789012345678901234567890"))
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
