import StateJSON
import StateEncoding
import Testing

/// The examples in the `///` comments, run, so the documented output cannot drift from the code.
@Suite struct DocumentationExampleTests {
    @Test func parseErrorExample() {
        do {
            _ = try JSONValue(parsing: "{\"a\": 1 \"b\": 2}")
            Issue.record("accepted a missing comma")
        } catch {
            #expect(error.description == "line 1, column 9: expected ',' or '}' after an object member.")
        }
    }

    @Test func parserExample() throws {
        let parser = JSONParser(limits: .init(maxDepth: 64))
        let value = try parser.parse(Array("[1, 2.5, 18446744073709551616]".utf8))
        #expect(value.canonicalText == "[1,2.5,18446744073709551616]")
        #expect(try JSONValue(parsing: #"{"b": [true, null], "a": 1.5}"#).canonicalText == #"{"a":1.5,"b":[true,null]}"#)
    }

    @Test func styleExample() {
        let value: JSONValue = ["name": "Blob", "tags": ["a", "b"], "empty": [:]]
        #expect(value.serializedText(.canonical) == #"{"empty":{},"name":"Blob","tags":["a","b"]}"#)
        #expect(value.serializedText(.pretty) == """
            {
              "empty": {},
              "name": "Blob",
              "tags": [
                "a",
                "b"
              ]
            }
            """)
    }

    @Test func serializationExamples() {
        let value: JSONValue = ["path": "a/b", "ratio": 2.0, "note": "tab\there"]
        #expect(String(decoding: value.serialized(), as: UTF8.self) == #"{"note":"tab\there","path":"a/b","ratio":2.0}"#)
        let small: JSONValue = ["b": 1, "a": [true, nil]]
        #expect(small.canonicalText == #"{"a":[true,null],"b":1}"#)
        #expect(small.prettyText == """
            {
              "a": [
                true,
                null
              ],
              "b": 1
            }
            """)
    }

    @Test func hashExamples() {
        #expect(JSONHash.hex(JSONHash.hash(Array("abc".utf8))) == "44bc2cf5ad770999")
        let value: JSONValue = ["b": 1, "a": [true, nil]]
        #expect(JSONHash.hex(value.canonicalHash) == "9a21b7707b0a4592")
        #expect(JSONHash.hex(JSONValue.hash(canonicalBytes: Array(#"{"a":[true,null],"b":1}"#.utf8))) == "9a21b7707b0a4592")
    }

    @Test func codableExamples() throws {
        struct User: Encodable { var id: Int; var name: String; var nickname: String? }
        #expect(try JSONValueEncoder().encode(User(id: 1, name: "Blob", nickname: nil)).canonicalText == #"{"id":1,"name":"Blob"}"#)

        struct Settings: Decodable { var theme: String }
        struct Root: Decodable { var settings: Settings }
        #expect(throws: JSONDecodingError.self) { try JSONValueDecoder().decode(Root.self, from: ["settings": [:]]) }

        struct Member: Decodable { var age: Int }
        struct Users: Decodable { var users: [Member] }
        do {
            _ = try JSONValueDecoder().decode(Users.self, from: ["users": [["age": "x"]]])
            Issue.record("decoded a string as Int")
        } catch {
            #expect(error.description == #"users[0].age: expected Int, found "x"."#)
        }
    }

    @Test func incrementalExample() throws {
        struct User: Codable, Equatable { var id: Int; var age: Int }
        struct State: Codable, Equatable { var users: [User] }
        let encoder = IncrementalJSONEncoder<State>()
        var state = State(users: (0..<1000).map { User(id: $0, age: 30) })
        _ = try encoder.encode(state)
        state.users[7].age += 1
        let value = try encoder.encode(state)
        #expect(value["users"]?[7]?["age"] == 31)
    }
}
