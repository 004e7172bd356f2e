import Testing
import StateJSON
@testable import StateQuery

/// `count` as the last segment of a path: the size of an array or object, unless real data is there.
@Suite struct JSONPathCountTests {
    private let state: JSONValue = [
        "users": [["id": 1, "tags": ["a", "b"]], ["id": 2, "tags": []], ["id": 3]],
        "settings": ["theme": "dark", "sound": false],
        "counter": ["count": 7, "step": 1],
        "empty": [:],
        "name": "Blob",
        "age": 30,
        "nothing": nil,
    ]

    private func matches(_ text: String) throws -> [String] {
        try JSONPath(parsing: text).evaluate(on: state).map { "\($0.pointer) = \(JSONTextEscaping.compactText($0.value))" }
    }

    private func values(_ text: String) throws -> [String] {
        try JSONPath(parsing: text).values(in: state).map(JSONTextEscaping.compactText)
    }

    @Test func countsTheElementsOfAnArray() throws {
        #expect(try matches(".users.count") == ["/users/count = 3"])
        #expect(try values(#".users["count"]"#) == ["3"])
        #expect(try matches(".users[*].tags.count") == ["/users/0/tags/count = 2", "/users/1/tags/count = 0"])
        #expect(try values(".users[*].tags.count") == ["2", "0"])
    }

    @Test func countsTheMembersOfAnObjectWithoutACountMember() throws {
        #expect(try matches(".settings.count") == ["/settings/count = 2"])
        #expect(try values(".empty.count") == ["0"])
        #expect(try values(".count") == ["7"])
    }

    @Test func aRealCountMemberIsReadAsItselfNeverAsTheSize() throws {
        #expect(try matches(".counter.count") == ["/counter/count = 7"])
        let root: JSONValue = ["count": "real", "other": 1, "more": 2]
        #expect(try JSONPath(parsing: ".count").values(in: root) == ["real"])
        let hidden: JSONValue = ["count": nil]
        #expect(try JSONPath(parsing: ".count").values(in: hidden) == [nil])
    }

    @Test func countOfAScalarOrBeforeTheLastSegmentSelectsNothing() throws {
        #expect(try matches(".name.count") == [])
        #expect(try matches(".age.count") == [])
        #expect(try matches(".nothing.count") == [])
        #expect(try matches(".users[2].tags.count") == [])
        #expect(try matches(".users.count.x") == [])
        #expect(try matches("..count") == ["/counter/count = 7"])
    }

    @Test func predicatesCompareTheCount() throws {
        func holds(_ text: String) throws -> Bool {
            try StatePredicate(parsing: text).evaluate(state: state, action: nil)
        }
        #expect(try holds(".users.count > 2"))
        #expect(try !holds(".users.count > 3"))
        #expect(try holds(".users.count == 3 and .settings.count == 2 and .counter.count == 7"))
        #expect(try holds("any(.users[*].tags.count == 0)"))
        #expect(try !holds("all(.users[*].tags.count > 0)"))
        #expect(try !holds(".name.count > 0"))
        #expect(try !holds("exists .name.count"))
        #expect(try holds("not exists .age.count"))
        #expect(try StatePredicate(parsing: ".users.count>3").description == ".users.count > 3")
    }

    @Test func aCountChangesWhenItsContainerGainsOrLosesAnElementNotWhenAnElementChanges() throws {
        func touched(_ path: String, changed: String, resized: [String]?) throws -> Bool {
            try JSONPath(parsing: path).dependency.isTouched(
                changed: [JSONPointer(parsing: changed)], resized: resized.map { try $0.map(JSONPointer.init(parsing:)) })
        }
        #expect(try touched(".users.count", changed: "/users", resized: ["/users"]))
        #expect(try touched(".users.count", changed: "", resized: []))
        #expect(try !touched(".users.count", changed: "/users/0/age", resized: []))
        #expect(try touched(".settings.count", changed: "/settings/x", resized: ["/settings"]))
        #expect(try !touched(".settings.count", changed: "/settings/x", resized: []))
        #expect(try touched(".settings.count", changed: "/settings/x", resized: nil))
        #expect(try touched(".counter.count", changed: "/counter/count", resized: []))
        #expect(try !touched(".users.count.x", changed: "/users/3", resized: ["/users"]))
        #expect(try !touched(".users[*].age", changed: "/settings", resized: ["/settings"]))
    }

    @Test func editingThroughCountTouchesOnlyARealMember() throws {
        var document = state
        #expect(try JSONPath(parsing: ".users.count").mutate(&document) { $0 = "redacted" } == 0)
        #expect(try JSONPath(parsing: ".counter.count").mutate(&document) { $0 = 0 } == 1)
        #expect(document.member("users") == state.member("users"))
        #expect(document.member("counter") == ["count": 0, "step": 1])
    }
}
