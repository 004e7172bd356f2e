import TestFixtures
import Testing
@testable import StateJSON

@Suite struct JSONDiffTests {
    private func users(_ count: Int) -> JSONValue {
        .array((0..<count).map { id in
            ["id": .integer(Int64(id)), "name": .string("User \(id)"), "age": 30, "email": .string("u\(id)@example.com")]
        })
    }

    @Test func equalValuesGiveAnEmptyPatch() {
        let state: JSONValue = ["users": users(50), "count": 3]
        #expect(JSONDiff.patch(from: state, to: state).isEmpty)
    }

    @Test func objectsDiffByKey() throws {
        let old: JSONValue = ["a": 1, "b": ["c": true], "d": "x"]
        let new: JSONValue = ["b": ["c": false], "d": "x", "e": nil]
        let patch = JSONDiff.patch(from: old, to: new)
        #expect(patch.jsonValue == [
            ["op": "remove", "path": "/a"],
            ["op": "replace", "path": "/b/c", "value": false],
            ["op": "add", "path": "/e", "value": nil],
        ])
    }

    @Test func kindChangesAreReplacements() {
        #expect(JSONDiff.patch(from: ["a": [1]], to: ["a": ["x": 1]]).jsonValue
            == [["op": "replace", "path": "/a", "value": ["x": 1]]])
        #expect(JSONDiff.patch(from: 1, to: 1.0).jsonValue == [["op": "replace", "path": "", "value": 1.0]])
    }

    @Test func insertingAnIdentifiedElementAtTheFrontIsOneAdd() {
        guard case .array(var list) = users(1000) else { return }
        let old = JSONValue.array(list)
        list.insert(["id": 5000, "name": "New"], at: 0)
        list[500] = ["id": 499, "name": "Renamed", "age": 30, "email": "u499@example.com"]
        let patch = JSONDiff.patch(from: old, to: .array(list))
        #expect(patch.jsonValue == [
            ["op": "add", "path": "/0", "value": ["id": 5000, "name": "New"]],
            ["op": "replace", "path": "/500/name", "value": "Renamed"],
        ])
    }

    @Test func identifiedElementsAreMatchedAcrossRemovalsMovesAndChanges() {
        let old: JSONValue = [["id": 1, "v": 1], ["id": 2, "v": 2], ["id": 3, "v": 3]]
        let new: JSONValue = [["id": 3, "v": 30], ["id": 1, "v": 1], ["id": 4, "v": 4]]
        let patch = JSONDiff.patch(from: old, to: new)
        #expect(patch.description == """
            remove /1
            move /1 -> /0
            replace /0/v
            add /2
            """)
        #expect(patch.operations[3].value == ["id": 4, "v": 4])
    }

    @Test func plainArraysAlignAroundInsertionsAndPairEdits() {
        let patch = JSONDiff.patch(from: [1, 2, 3, 4, 5], to: [0, 1, 3, 9, 5])
        #expect(patch.jsonValue == [
            ["op": "add", "path": "/0", "value": 0],
            ["op": "remove", "path": "/2"],
            ["op": "replace", "path": "/3", "value": 9],
        ])
        let nested = JSONDiff.patch(from: [["a": 1, "b": 2], "x"], to: [["a": 1, "b": 3], "x"])
        #expect(nested.jsonValue == [["op": "replace", "path": "/0/b", "value": 3]])
    }

    @Test func alignmentFallsBackToPositionsBeyondTheEditBound() {
        let old = JSONValue.array((0..<20).map { .integer($0) })
        let new = JSONValue.array((0..<20).map { .integer($0 + 100) })
        let bounded = JSONDiff.patch(from: old, to: new, options: .init(maxArrayEdits: 4))
        #expect(bounded.operations.count == 20)
        #expect(bounded.operations.allSatisfy { $0.name == "replace" })
        #expect((try? bounded.apply(to: old)) == new)
    }

    @Test func documentedExampleAddsAtTheFrontAndReplacesOneField() {
        let before: JSONValue = ["count": 3, "users": [["id": 1, "age": 30], ["id": 2, "age": 40]]]
        let after: JSONValue = ["count": 3, "users": [["id": 0, "age": 20], ["id": 1, "age": 31], ["id": 2, "age": 40]]]
        #expect(JSONDiff.patch(from: before, to: after).description == """
            add /users/0
            replace /users/1/age
            """)
    }

    @Test func identifiedSwapIsAMoveAndPlainSwapIsRemoveAndAdd() {
        let old: JSONValue = [["id": 1, "v": 1], ["id": 2, "v": 2]]
        let new: JSONValue = [["id": 2, "v": 2], ["id": 1, "v": 1]]
        let byIdentity = JSONDiff.patch(from: old, to: new)
        let byContent = JSONDiff.patch(from: old, to: new, options: .init(identityKey: nil))
        #expect(byIdentity.description == "move /1 -> /0")
        #expect(byContent.description == """
            remove /0
            add /1
            """)
        #expect((try? byContent.apply(to: old)) == new)
    }

    @Test func reorderingAnIdentifiedListUsesOnlyMoves() throws {
        guard case .array(let list) = users(100) else { return }
        let old = JSONValue.array(list)
        let new = JSONValue.array(list.reversed())
        let patch = JSONDiff.patch(from: old, to: new)
        #expect(patch.operations.count == 99)
        #expect(patch.operations.allSatisfy { $0.name == "move" })
        #expect(try patch.apply(to: old) == new)
    }

    @Test func identifiedListsSurviveShufflesInsertionsAndEdits() throws {
        var random = RandomJSON(seed: 99)
        var moves = 0
        for round in 0..<2000 {
            let count = random.int(0...20)
            let old = JSONValue.array((0..<count).map { id in ["id": .integer(Int64(id)), "v": random.scalar()] })
            var list = old.arrayValue ?? []
            for _ in 0..<random.int(0...3) where list.count > 1 {
                let from = random.int(0...(list.count - 1))
                list.insert(list.remove(at: from), at: random.int(0...(list.count - 1)))
            }
            if random.chance(30), !list.isEmpty { list.remove(at: random.int(0...(list.count - 1))) }
            if random.chance(30) { list.insert(["id": .integer(Int64(100 + round)), "v": 1], at: random.int(0...list.count)) }
            if random.chance(50), !list.isEmpty { list[random.int(0...(list.count - 1))] = ["id": list[0]["id"] ?? nil, "v": "x"] }
            let new = JSONValue.array(list)
            let patch = JSONDiff.patch(from: old, to: new)
            moves += patch.operations.filter { $0.name == "move" }.count
            #expect(try patch.apply(to: old) == new, "round \(round): \(patch)")
        }
        #expect(moves > 100)
    }

    @Test func rewritingMostOfAnArrayReplacesItWhole() {
        #expect(JSONDiff.patch(from: ["a": [1, 2, 3]], to: ["a": []]).description == "replace /a")
        #expect(JSONDiff.patch(from: ["a": [["id": 1], ["id": 2]]], to: ["a": [["id": 3]]]).description == "replace /a")
        #expect(JSONDiff.patch(from: ["a": [1, 2, 3]], to: ["a": [1, 3]]).description == "remove /a/1")
        guard case .array(let list) = users(1000) else { return }
        let reversed = JSONDiff.patch(from: .array(list), to: .array(list.reversed()))
        #expect(reversed.description == "replace ")
    }

    @Test func rendererIsNilExactlyForEqualValues() {
        var random = RandomJSON(seed: 42)
        for _ in 0..<1000 {
            let old = random.value(depth: 4)
            let new = random.edited(old)
            let rendered = JSONDiffRenderer().render(from: old, to: new)
            #expect((rendered == nil) == (old == new))
            if let rendered { #expect(rendered.split(separator: "\n").contains { $0.hasPrefix("+") || $0.hasPrefix("-") }) }
        }
    }

    @Test func patchTurnsAnyValueIntoAnyOther() throws {
        var random = RandomJSON(seed: 0x5EED)
        var failures: [String] = []
        for round in 0..<4000 {
            let old = random.value(depth: 4)
            let new = round % 4 == 0 ? random.value(depth: 4) : random.edited(old)
            let options = JSONDiff.Options(maxArrayEdits: round % 3 == 0 ? 2 : 64)
            let patch = JSONDiff.patch(from: old, to: new, options: options)
            do {
                let applied = try patch.apply(to: old)
                if applied != new { failures.append("round \(round): \(patch) gave a different value") }
            } catch {
                failures.append("round \(round): \(error)")
            }
            if old == new, !patch.isEmpty { failures.append("round \(round): equal values gave \(patch)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
