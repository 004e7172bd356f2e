import TestFixtures
import Testing
@testable import StateJSON

@Suite struct JSONPatchTests {
    private func pointer(_ text: String) throws -> JSONPointer { try JSONPointer(parsing: text) }

    private func apply(_ patch: JSONValue, to document: JSONValue) throws -> JSONValue {
        try JSONPatch(jsonValue: patch).apply(to: document)
    }

    private func failure(_ patch: JSONValue, on document: JSONValue) -> String {
        do {
            _ = try apply(patch, to: document)
            return "applied"
        } catch {
            return "\(error)"
        }
    }

    @Test func convertsToAndFromJSON() throws {
        let json: JSONValue = [
            ["op": "add", "path": "/a", "value": 1],
            ["op": "remove", "path": "/b"],
            ["op": "replace", "path": "/c~1d", "value": ["x": nil]],
            ["op": "move", "from": "/e", "path": "/f"],
            ["op": "copy", "from": "/g", "path": "/h"],
            ["op": "test", "path": "/i", "value": "j"],
        ]
        let patch = try JSONPatch(jsonValue: json)
        #expect(patch.operations == [
            .add(path: try pointer("/a"), value: 1),
            .remove(path: try pointer("/b")),
            .replace(path: JSONPointer(tokens: ["c/d"]), value: ["x": nil]),
            .move(from: try pointer("/e"), path: try pointer("/f")),
            .copy(from: try pointer("/g"), path: try pointer("/h")),
            .test(path: try pointer("/i"), value: "j"),
        ])
        #expect(patch.jsonValue == json)
        #expect(patch.description == """
            add /a
            remove /b
            replace /c~1d
            move /e -> /f
            copy /g -> /h
            test /i
            """)
    }

    @Test func reportsMalformedOperations() {
        func message(_ json: JSONValue) -> String {
            do {
                _ = try JSONPatch(jsonValue: json)
                return "decoded"
            } catch {
                return error.description
            }
        }
        #expect(message(["op": "add"]) == "a JSON patch must be an array of operations, not an object.")
        #expect(message([1]) == "operation 0: expected an object, found a number.")
        #expect(message([["path": "/a"]]) == "operation 0: the \"op\" member is missing.")
        #expect(message([["op": "remove", "path": "/a"], ["op": "add", "path": "/a"]])
            == "operation 1: the \"value\" member is missing.")
        #expect(message([["op": "frob", "path": "/a"]])
            == "operation 0: \"frob\" is not an operation; expected add, remove, replace, move, copy or test.")
        #expect(message([["op": "move", "from": 3, "path": "/a"]])
            == "operation 0: \"from\" must be a string, not a number.")
        #expect(message([["op": "remove", "path": "a"]])
            == "operation 0: \"path\" is not a JSON pointer: \"a\": a JSON pointer must be empty or start with '/'.")
    }

    @Test func addInsertsIntoArraysAndReplacesMembers() throws {
        let document: JSONValue = ["list": [1, 2], "a": 1]
        #expect(try apply([["op": "add", "path": "/list/0", "value": 0]], to: document) == ["list": [0, 1, 2], "a": 1])
        #expect(try apply([["op": "add", "path": "/list/2", "value": 3]], to: document) == ["list": [1, 2, 3], "a": 1])
        #expect(try apply([["op": "add", "path": "/list/-", "value": 3]], to: document) == ["list": [1, 2, 3], "a": 1])
        #expect(try apply([["op": "add", "path": "/a", "value": 9]], to: document) == ["list": [1, 2], "a": 9])
        #expect(try apply([["op": "add", "path": "", "value": 9]], to: document) == 9)
        #expect(failure([["op": "add", "path": "/list/3", "value": 0]], on: document)
            == "operation 0 (add /list/3): index 3 is out of range for an array of 2 elements (an add accepts 0...2 or '-').")
        #expect(failure([["op": "add", "path": "/list/x", "value": 0]], on: document)
            == "operation 0 (add /list/x): \"x\" is not an array index.")
        #expect(failure([["op": "add", "path": "/missing/x", "value": 0]], on: document)
            == "operation 0 (add /missing/x): the parent /missing does not exist.")
        #expect(failure([["op": "add", "path": "/a/x", "value": 0]], on: document)
            == "operation 0 (add /a/x): the parent is a number, not an object or array.")
    }

    @Test func removeAndReplaceRequireTheTargetToExist() throws {
        let document: JSONValue = ["users": [["age": 30], ["age": 40]]]
        #expect(try apply([["op": "remove", "path": "/users/0"]], to: document) == ["users": [["age": 40]]])
        #expect(try apply([["op": "replace", "path": "/users/1/age", "value": 41]], to: document)
            == ["users": [["age": 30], ["age": 41]]])
        #expect(try apply([["op": "replace", "path": "", "value": 1]], to: document) == 1)
        let patch: JSONValue = [
            ["op": "test", "path": "/users/0/age", "value": 30],
            ["op": "remove", "path": "/users/1/age"],
            ["op": "add", "path": "/users/-", "value": nil],
            ["op": "replace", "path": "/users/4/age", "value": 1],
        ]
        #expect(failure(patch, on: document) == "operation 3 (replace /users/4/age): the path does not exist.")
        #expect(failure([["op": "remove", "path": "/users/0/name"]], on: document)
            == "operation 0 (remove /users/0/name): the path does not exist.")
        #expect(failure([["op": "remove", "path": ""]], on: document)
            == "operation 0 (remove ): the whole document cannot be removed.")
    }

    @Test func moveAndCopyRelocateValues() throws {
        let document: JSONValue = ["a": ["b": 1], "list": [1, 2, 3]]
        #expect(try apply([["op": "move", "from": "/a/b", "path": "/c"]], to: document)
            == ["a": [:], "c": 1, "list": [1, 2, 3]])
        #expect(try apply([["op": "move", "from": "/list/0", "path": "/list/-"]], to: document)
            == ["a": ["b": 1], "list": [2, 3, 1]])
        #expect(try apply([["op": "copy", "from": "/a", "path": "/list/1"]], to: document)
            == ["a": ["b": 1], "list": [1, ["b": 1], 2, 3]])
        #expect(try apply([["op": "move", "from": "/a", "path": "/a"]], to: document) == document)
        #expect(failure([["op": "move", "from": "/a", "path": "/a/b/c"]], on: document)
            == "operation 0 (move /a -> /a/b/c): a value cannot be moved into one of its own children.")
        #expect(failure([["op": "copy", "from": "/zz", "path": "/b"]], on: document)
            == "operation 0 (copy /zz -> /b): the from location does not exist.")
        #expect(failure([["op": "move", "from": "/zz", "path": "/b"]], on: document)
            == "operation 0 (move /zz -> /b): the from location does not exist.")
    }

    @Test func testComparesJSONValuesNumerically() throws {
        let document: JSONValue = ["n": 1, "o": ["x": [1.0, "s"]]]
        #expect(try apply([["op": "test", "path": "/n", "value": 1.0]], to: document) == document)
        #expect(try apply([["op": "test", "path": "/o", "value": ["x": [1, "s"]]]], to: document) == document)
        #expect(failure([["op": "test", "path": "/o/x", "value": [1, "t"]]], on: document)
            == "operation 0 (test /o/x): expected [1,\"t\"], found [1.0,\"s\"].")
        #expect(failure([["op": "test", "path": "/q", "value": 1]], on: document)
            == "operation 0 (test /q): the path does not exist.")
    }

    @Test func failedPatchLeavesTheOriginalUntouched() throws {
        let original: JSONValue = ["list": [1, 2, 3]]
        var document = original
        let patch = try JSONPatch(jsonValue: [
            ["op": "remove", "path": "/list/0"],
            ["op": "test", "path": "/list/0", "value": 99],
        ])
        #expect(throws: JSONPatchError.self) { document = try patch.apply(to: document) }
        #expect(document == original)
    }

    @Test func writtenTextIsTheCanonicalTextOfItsValue() throws {
        let patch = JSONPatch([
            .add(path: JSONPointer(tokens: ["a/b", "~c"]), value: ["x": [1, "\"quoted\""]]),
            .remove(path: JSONPointer(tokens: ["list", "3"])),
            .replace(path: JSONPointer(tokens: []), value: .null),
            .move(from: JSONPointer(tokens: ["list", "0"]), path: JSONPointer(tokens: ["list", "2"])),
            .copy(from: JSONPointer(tokens: ["é"]), path: JSONPointer(tokens: ["line\nbreak"])),
            .test(path: JSONPointer(tokens: ["n"]), value: 1.5),
        ])
        var bytes: [UInt8] = []
        patch.write(to: &bytes)
        #expect(bytes == patch.jsonValue.serialized(.canonical))
        #expect(try JSONPatch(jsonValue: JSONParser().parse(bytes)) == patch)

        var empty: [UInt8] = []
        JSONPatch([]).write(to: &empty)
        #expect(String(decoding: empty, as: UTF8.self) == "[]")

        var random = RandomJSON(seed: 5)
        for _ in 0..<300 {
            let old = random.value(depth: 4)
            let diff = JSONDiff.patch(from: old, to: random.edited(old))
            var written: [UInt8] = []
            diff.write(to: &written)
            #expect(written == diff.jsonValue.serialized(.canonical))
        }
    }
}
