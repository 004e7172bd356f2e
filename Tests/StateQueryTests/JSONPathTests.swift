import TestFixtures
import Testing
import StateJSON
@testable import StateQuery

@Suite struct JSONPathTests {
    private let state: JSONValue = [
        "users": [
            ["id": 1, "name": "Blob", "age": 30, "auth": ["password": "a"]],
            ["id": 2, "name": "Blob Jr", "age": 40],
        ],
        "odd key": ["x\"y": true],
        "password": "root",
        "count": 2,
    ]

    private func matches(_ text: String) throws -> [String] {
        try JSONPath(parsing: text).evaluate(on: state).map { "\($0.pointer) = \(JSONTextEscaping.compactText($0.value))" }
    }

    @Test func parsesEverySegmentKindAndRoundTrips() throws {
        let path = try JSONPath(parsing: #".users[3].age.["odd key"][-1][*]..name..["x y"]"#)
        #expect(path.segments == [
            .member("users"), .index(3), .member("age"), .member("odd key"), .index(-1), .wildcard,
            .descendant("name"), .descendant("x y"),
        ])
        #expect(path.description == #".users[3].age["odd key"][-1][*]..name..["x y"]"#)
        for text in [".", ".[0]", ".[*]", #".["a\"b\\c\n"]"#, "..a", ".a.b_2[10]", #".["\u00e9"]"#] {
            let parsed = try JSONPath(parsing: text)
            #expect(try JSONPath(parsing: parsed.description) == parsed, "\(text)")
        }
        #expect(try JSONPath(parsing: ".").segments.isEmpty)
        #expect(try JSONPath(parsing: #".["\u00e9"]"#).segments == [.member("é")])
    }

    @Test func parseErrorsGiveTheColumn() {
        func message(_ text: String) -> String {
            do {
                _ = try JSONPath(parsing: text)
                return "parsed"
            } catch {
                return error.description
            }
        }
        #expect(message("") == "column 1: a path must start with '.'.")
        #expect(message("users") == "column 1: a path must start with '.'.")
        #expect(message(".users.") == "column 8: expected a member name after '.'.")
        #expect(message(".users[x]") == "column 8: expected an index, '*' or a quoted key after '['.")
        #expect(message(".users[1") == "column 9: expected ']'.")
        #expect(message(".users[9223372036854775807]") == "column 8: the index 9223372036854775807 is too large; an index has at most 18 digits.")
        #expect(message(".users[-12345678901234567890]") == "column 8: the index -12345678901234567890 is too large; an index has at most 18 digits.")
        #expect(message(".users[999999999999999999]") == "parsed")
        #expect(message(".users..") == "column 9: expected a member name after '..'.")
        #expect(message(#".["abc]"#) == "column 3: unterminated string.")
        #expect(message(".a b") == "column 3: unexpected ' '; a segment starts with '.' or '['.")
        #expect(message(".é") == "column 2: expected a member name after '.'.")
        #expect(message(#".["é"]x"#) == "column 7: unexpected 'x'; a segment starts with '.' or '['.")
    }

    @Test func evaluatesMembersIndicesAndWildcards() throws {
        #expect(try matches(".count") == ["/count = 2"])
        #expect(try matches(".users[1].name") == [#"/users/1/name = "Blob Jr""#])
        #expect(try matches(".users[-1].id") == ["/users/1/id = 2"])
        #expect(try matches(".users[-3]") == [])
        #expect(try matches(".users[*].age") == ["/users/0/age = 30", "/users/1/age = 40"])
        #expect(try matches(#".["odd key"]["x\"y"]"#) == [#"/odd key/x"y = true"#])
        #expect(try matches(".users[*].auth.password") == [#"/users/0/auth/password = "a""#])
        #expect(try matches(".missing.x") == [])
        #expect(try matches(".") == ["" + " = " + JSONTextEscaping.compactText(state)])
    }

    @Test func descendantsMatchAtAnyDepth() throws {
        #expect(try matches("..password") == [#"/password = "root""#, #"/users/0/auth/password = "a""#])
        #expect(try matches("..id") == ["/users/0/id = 1", "/users/1/id = 2"])
    }

    @Test func concretePathsConvertToAndFromPointers() throws {
        let path = try JSONPath(parsing: #".users[3]["a/b"]"#)
        #expect(path.isConcrete)
        #expect(path.pointer?.description == "/users/3/a~1b")
        #expect(JSONPath(pointer: try JSONPointer(parsing: "/users/3/a~1b")) == path)
        #expect(try !JSONPath(parsing: ".users[*]").isConcrete)
        #expect(try JSONPath(parsing: ".users[-1]").pointer == nil)
        #expect(try JSONPath(parsing: "..x").pointer == nil)
        #expect(JSONPath.root.pointer == .root)
    }

    @Test func replaceMatchesRedactsEveryMatch() throws {
        var redacted = state
        let count = try JSONPath(parsing: "..password").replaceMatches(in: &redacted, with: "<redacted>")
        #expect(count == 2)
        #expect(redacted["password"] == "<redacted>")
        #expect(redacted["users"]?[0]?["auth"]?["password"] == "<redacted>")
        #expect(redacted["users"]?[1] == state["users"]?[1])

        var aged = state
        try JSONPath(parsing: ".users[*].age").mutate(&aged) { age in age = .integer((age.int64Value ?? 0) + 1) }
        #expect(try JSONPath(parsing: ".users[*].age").values(in: aged) == [31, 41])
        #expect(try JSONPath(parsing: ".users[-1].id").replaceMatches(in: &aged, with: nil) == 1)
        #expect(aged["users"]?[1]?["id"] == .null)
        #expect(try JSONPath(parsing: ".nope[*]").replaceMatches(in: &aged, with: 1) == 0)
    }

    @Test func completionsOfferTheNextSegments() {
        #expect(JSONPath.completions(for: "", in: state) == [#".["odd key"]"#, ".count", ".password", ".users"])
        #expect(JSONPath.completions(for: ".us", in: state) == [".users"])
        #expect(JSONPath.completions(for: ".users", in: state) == [".users"])
        #expect(JSONPath.completions(for: ".users.", in: state) == [".users.count", ".users[0]", ".users[1]", ".users[*]"])
        #expect(JSONPath.completions(for: ".users.c", in: state) == [".users.count"])
        #expect(JSONPath.completions(for: ".users[*].a", in: state) == [".users[*].age", ".users[*].auth"])
        #expect(JSONPath.completions(for: #".["odd key"]["#, in: state) == [#".["odd key"]["x\"y"]"#])
        #expect(JSONPath.completions(for: "..pa", in: state) == ["..password"])
        #expect(JSONPath.completions(for: ".users[", in: state, maxIndices: 1) == [".users[0]", ".users[*]"])
        #expect(JSONPath.completions(for: ".count.", in: state) == [])
        #expect(JSONPath.completions(for: ".users[x].", in: state) == [])
    }

    @Test func everyMatchResolvesThroughItsPointer() throws {
        var random = RandomJSON(seed: 7)
        let paths = try ["..a", ".[*]", ".a[*]", "..v", ".[0].v", ".[-1]", "..id", ".b[*][*]"].map(JSONPath.init(parsing:))
        for _ in 0..<500 {
            let document = random.value(depth: 4)
            for path in paths {
                let matches = path.evaluate(on: document)
                #expect(matches.map(\.value) == path.values(in: document))
                for match in matches {
                    #expect(try match.pointer.resolve(in: document) == match.value)
                }
                var replaced = document
                #expect(path.replaceMatches(in: &replaced, with: "R") == matches.count)
                // A match inside another match is gone once the outer one is replaced.
                let outermost = matches.filter { match in
                    !matches.contains { $0.pointer != match.pointer && $0.pointer.isPrefix(of: match.pointer) }
                }
                for match in outermost {
                    #expect((try? match.pointer.resolve(in: replaced)) == "R")
                }
            }
        }
    }

    @Test func randomPathsRoundTripThroughTheirDescription() throws {
        var random = RandomJSON(seed: 11)
        let keys = ["a", "_b9", "odd key", "", "x\"y", "é", "9", "a.b", "[*]", "\n"]
        for _ in 0..<2000 {
            let segments: [JSONPath.Segment] = (0..<random.int(0...5)).map { _ in
                switch random.int(0...3) {
                case 0: .member(keys[random.int(0...(keys.count - 1))])
                case 1: .index(random.int(-3...12))
                case 2: .wildcard
                default: .descendant(keys[random.int(0...(keys.count - 1))])
                }
            }
            let path = JSONPath(segments: segments)
            #expect(try JSONPath(parsing: path.description) == path, "\(path)")
        }
    }
}
