import StateJSON
import StateEncoding
import StateRecorder
import Testing

/// `JSONObject` keeps its values in storage of its own; these check that it still behaves as a value.
@Suite struct JSONObjectTests {
    @Test func editsMatchADictionaryAndLeaveCopiesAlone() {
        var generator = SeededGenerator(seed: 0x0B1E_C7)
        var object = JSONObject()
        var model: [String: JSONValue] = [:]
        for step in 0..<2_000 {
            let key = "k\(Int.random(in: 0..<24, using: &generator))"
            let before = object
            let modelBefore = model
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                object[key] = nil
                model[key] = nil
            case 1:
                #expect(object.removeValue(forKey: key) == model.removeValue(forKey: key))
            case 2:
                if let position = object.index(forKey: key) {
                    object.setValue(.string("set \(step) with a long enough text"), at: position)
                    model[key] = .string("set \(step) with a long enough text")
                }
            default:
                object[key] = .integer(Int64(step))
                model[key] = .integer(Int64(step))
            }
            #expect(object == JSONObject(model.map { ($0.key, $0.value) }), "step \(step)")
            #expect(object.keys == object.keys.sorted { JSONObject.precedes($0, $1) })
            #expect(object.values.count == object.keys.count)
            #expect(before == JSONObject(modelBefore.map { ($0.key, $0.value) }), "a copy changed at step \(step)")
        }
    }

    @Test func equalObjectsFromEveryBuilderAreEqualAndHashAlike() throws {
        struct Row: Encodable { var name: String; var id: Int; var tags: [String] }
        let keys = ["id", "name", "tags"]
        let values: [JSONValue] = [7, "Ada", ["x", "a longer tag than fits inline"]]
        let built: [JSONValue] = [
            .object(JSONObject(zip(keys, values).map { ($0, $1) })),
            .object(JSONObject(uncheckedSortedKeys: keys, values: values)),
            JSONObjectTemplate(keys: keys).object(values),
            JSONObjectTemplate("tags", "id", "name").object(values[2], values[0], values[1]),
            try JSONValue(parsing: #"{"tags":["x","a longer tag than fits inline"],"name":"Ada","id":7}"#),
            try JSONValueEncoder().encode(Row(name: "Ada", id: 7, tags: ["x", "a longer tag than fits inline"])),
        ]
        for value in built {
            #expect(value == built[0])
            #expect(value.hashValue == built[0].hashValue)
        }
        var changed = built[0].objectValue!
        changed["id"] = 8
        #expect(JSONValue.object(changed) != built[0])
        #expect(Set(built + [.object(changed)]).count == 2)
    }

    @Test func valuesAreACollectionOverTheObject() {
        let object: JSONObject = ["b": 2, "a": "one", "c": [3]]
        #expect(Array(object.values) == ["one", 2, [3]])
        #expect(object.values.indices == 0..<3)
        #expect(object.values[1] == 2)
        #expect(object.values.withUnsafeBufferPointer { Array($0) } == ["one", 2, [3]])
        #expect(object.members.map(\.0) == ["a", "b", "c"])
        #expect(JSONObject().values.isEmpty)
    }

    @Test func printingAndReflectionShowTheValuesNotTheirStorage() {
        let object: JSONObject = ["a": 1, "b": "x"]
        let values: [JSONValue] = [1, "x"]
        #expect(String(describing: object) == "JSONObject(keys: [\"a\", \"b\"], values: \(values))")
        #expect(String(describing: object.values) == String(describing: values))
        #expect(String(reflecting: object.values) == String(reflecting: values))
        let children = Mirror(reflecting: object).children.map { "\($0.label ?? "")=\($0.value)" }
        #expect(children == ["keys=[\"a\", \"b\"]", "values=\(values)"])
        var dumped = ""
        dump(object, to: &dumped)
        #expect(dumped.contains("- string: \"x\""))
        #expect(!dumped.contains("Storage"))
    }

    @Test func theParserGrowsAnObjectPastItsSiblingsSize() throws {
        // The first row makes the parser expect two members; the second has forty.
        let many = (0..<40).map { "\"m\($0 < 10 ? "0" : "")\($0)\":\($0)" }.joined(separator: ",")
        let value = try JSONValue(parsing: "[{\"a\":1,\"b\":2},{\(many)},{\"a\":1,\"b\":2}]")
        let rows = try #require(value.arrayValue)
        #expect(rows[1].objectValue?.count == 40)
        #expect(rows[1].objectValue?["m39"] == 39)
        #expect(rows[2] == ["a": 1, "b": 2])
    }

    @Test func aPositionOutOfRangeStops() async {
        await #expect(processExitsWith: .failure) {
            var object: JSONObject = ["a": 1]
            object.setValue(2, at: 1)
        }
        await #expect(processExitsWith: .failure) {
            let object: JSONObject = ["a": 1]
            _ = object.values[1]
        }
    }
}
