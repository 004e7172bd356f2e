import Testing
@testable import StateJSON

@Suite struct JSONPointerTests {
    @Test func parsesTokensAndUnescapesTildeSequences() throws {
        #expect(try JSONPointer(parsing: "").tokens == [])
        #expect(try JSONPointer(parsing: "/a/b").tokens == ["a", "b"])
        #expect(try JSONPointer(parsing: "/a~1b/m~0n/").tokens == ["a/b", "m~n", ""])
        #expect(try JSONPointer(parsing: "/~01").tokens == ["~1"])
    }

    @Test func descriptionEscapesAndRoundTrips() throws {
        let pointer = JSONPointer(tokens: ["a/b", "m~n", "3"])
        #expect(pointer.description == "/a~1b/m~0n/3")
        #expect(try JSONPointer(parsing: pointer.description) == pointer)
        #expect(JSONPointer.root.description == "")
    }

    @Test func appendsKeysAndIndices() {
        let pointer = JSONPointer.root.appending(key: "users").appending(index: 3).appending(key: "age")
        #expect(pointer.description == "/users/3/age")
        #expect(pointer.parent?.description == "/users/3")
        #expect(JSONPointer.root.parent == nil)
    }

    @Test func rejectsMalformedText() {
        #expect(throws: JSONPointerError.missingLeadingSlash("a/b")) { try JSONPointer(parsing: "a/b") }
        #expect(throws: JSONPointerError.invalidEscape("/a~2", offset: 2)) { try JSONPointer(parsing: "/a~2") }
        #expect(JSONPointerError.invalidEscape("/a~", offset: 2).description
            == "\"/a~\": '~' at offset 2 must be followed by '0' or '1'.")
    }

    @Test func resolvesMembersAndElements() throws {
        let state: JSONValue = ["users": [["id": 1, "age": 30], ["id": 2, "age": 40]], "": 5]
        #expect(try JSONPointer(parsing: "/users/1/age").resolve(in: state) == 40)
        #expect(try JSONPointer(parsing: "/").resolve(in: state) == 5)
        #expect(try JSONPointer(parsing: "").resolve(in: state) == state)
    }

    @Test func resolutionErrorsNameTheFailingPrefix() {
        let state: JSONValue = ["users": [1, 2, 3], "name": "x"]
        func message(_ text: String) -> String {
            do {
                _ = try JSONPointer(parsing: text).resolve(in: state)
                return "resolved"
            } catch {
                return error.description
            }
        }
        #expect(message("/users/9") == "/users/9: index 9 is out of range for an array of 3 elements.")
        #expect(message("/users/01") == "/users/01: \"01\" is not an array index.")
        #expect(message("/users/-") == "/users/-: \"-\" is not an array index.")
        #expect(message("/nope/1") == "/nope: the object has no member \"nope\".")
        #expect(message("/name/x") == "/name/x: the parent is a string, not an object or array.")
    }
}
