import TestFixtures
import Testing
@testable import StateJSON

/// A diff from a patch's footprint is the diff from the whole value before the patch, byte for byte:
/// the renderer's text, the patch `JSONDiff` computes and equality, on seeded random values and patches.
@Suite struct JSONPatchFootprintTests {
    /// The renderers `replay`, `show` and the REPL use, and their variants: plain and coloured, arrays
    /// folded or not, fewer context members, without identities, with Date notes.
    private static let renderers: [JSONDiffRenderer] = {
        var notes = JSONValueNotes()
        notes.add(.date, at: [.key("a"), .element, .key("v")])
        notes.add(.date, at: [.key("b")])
        notes.add(.date, at: [.anyKey, .key("c")])
        return [
            JSONDiffRenderer(),
            JSONDiffRenderer(options: .init(style: Self.coloured, maxArrayElements: 20)),
            JSONDiffRenderer(options: .init(maxArrayElements: 2), notes: notes),
            JSONDiffRenderer(options: .init(contextMembers: 1, diffOptions: .init(identityKey: nil))),
            JSONDiffRenderer(options: .init(diffOptions: .init(identityKey: "id", maxArrayEdits: 2))),
        ]
    }()

    private static let coloured = JSONDiffStyle(
        removed: .init(before: "\u{1B}[31m", after: "\u{1B}[0m"), added: .init(before: "\u{1B}[32m", after: "\u{1B}[0m"),
        collapsed: .init(before: "\u{1B}[2m", after: "\u{1B}[0m"))

    /// Applies `patch` to `before` in place, after taking its footprint, and compares every diff of the
    /// footprint with the diff of the whole value before.
    ///
    /// - Returns: Whether the footprint looked inside the value (it did not keep it whole).
    @discardableResult
    private func expectSameDiffs(_ before: JSONValue, _ patch: JSONPatch, _ context: String) -> Bool {
        let footprint = JSONPatchFootprint(patch: patch, before: before)
        var after = before
        guard (try? patch.apply(inPlace: &after)) != nil else {
            Issue.record("the patch does not apply: \(context)")
            return false
        }
        #expect(footprint.root.isEqual(to: after) == (before == after), "\(context)")
        #expect(footprint.root.value(after: after) == before, "\(context)")
        for renderer in Self.renderers {
            let expected = renderer.render(from: before, to: after)
            let actual = renderer.render(from: footprint, to: after)
            #expect(actual == expected, "\(context)\n\(renderer.options)")
        }
        for options in [JSONDiff.Options(), JSONDiff.Options(identityKey: nil), JSONDiff.Options(maxArrayEdits: 1)] {
            #expect(JSONDiff.patch(from: footprint, to: after, options: options) == JSONDiff.patch(from: before, to: after, options: options),
                    "\(context)\n\(options)")
        }
        if case .whole = footprint.root { return false }
        return true
    }

    @Test func randomPatchesGiveTheDiffsOfTheWholeValueBefore() {
        var lookedInside = 0
        for seed in UInt64(1)...3000 {
            var random = RandomJSON(seed: seed)
            // Half are states as apps keep them: an object with lists of identified elements.
            let before = seed.isMultiple(of: 2)
                ? random.value(depth: 4)
                : ["a": random.value(depth: 4), "b": random.identifiedArray(depth: 3), "c": random.value(depth: 3)]
            let patch = random.patch(of: before)
            if expectSameDiffs(before, patch, "seed \(seed): \(patch.jsonValue.canonicalText) on \(before.canonicalText)") {
                lookedInside += 1
            }
        }
        // Most patches write inside the value rather than replacing it whole, so the footprints are walked.
        #expect(lookedInside > 2000)
    }

    @Test func recordedPatchesGiveTheDiffsOfTheWholeValueBefore() {
        // The recorder's patches are JSONDiff's own: nested changes, identity matches and moves.
        var lookedInside = 0
        for seed in UInt64(1)...2000 {
            var random = RandomJSON(seed: seed)
            let before = random.value(depth: 4)
            let after = random.edited(before)
            let patch = JSONDiff.patch(from: before, to: after)
            if expectSameDiffs(before, patch, "seed \(seed): \(patch.jsonValue.canonicalText) on \(before.canonicalText)") {
                lookedInside += 1
            }
        }
        #expect(lookedInside > 500)
    }

    @Test func largeIdentifiedArraysGiveTheDiffsOfTheWholeArrayBefore() throws {
        let users = JSONValue.array((0..<300).map { id in
            ["id": .integer(Int64(id)), "name": .string("User \(id)"), "age": .integer(Int64(20 + id % 50))]
        })
        let state: JSONValue = ["nextID": 300, "users": users, "tags": ["a", "b"], "\u{E9}": 1, "e\u{301}": ["x": 2]]
        let patches: [String] = [
            #"[{"op":"replace","path":"/users/150/age","value":-1}]"#,
            #"[{"op":"replace","path":"/users/0/age","value":20}]"#,
            #"[{"op":"add","path":"/users/-","value":{"age":3,"id":300,"name":"N"}},{"op":"replace","path":"/nextID","value":301}]"#,
            #"[{"op":"add","path":"/users/300","value":{"age":3,"id":300,"name":"N"}},{"op":"add","path":"/users/-","value":1}]"#,
            #"[{"op":"replace","path":"/users/7/age","value":1},{"op":"replace","path":"/users/290/name","value":"X"}]"#,
            #"[{"op":"replace","path":"/users/7","value":{"age":1,"id":7,"name":"X"}}]"#,
            #"[{"op":"replace","path":"/users/7","value":{"age":1,"id":8000,"name":"X"}}]"#,
            #"[{"op":"replace","path":"/users/7","value":5}]"#,
            #"[{"op":"replace","path":"/users/7/id","value":9}]"#,
            #"[{"op":"remove","path":"/users/7/id"}]"#,
            #"[{"op":"replace","path":"/users/7/id","value":8}]"#,
            #"[{"op":"replace","path":"/users/7","value":{"age":27,"id":7,"name":"User 7"}}]"#,
            #"[{"op":"replace","path":"/users/7","value":{"age":27,"id":8,"name":"User 8"}},{"op":"replace","path":"/users/8","value":{"age":27,"id":7,"name":"User 7"}}]"#,
            #"[{"op":"replace","path":"/users/7/age","value":1},{"op":"add","path":"/users/-","value":{"age":3,"id":300,"name":"N"}}]"#,
            #"[{"op":"add","path":"/users/-","value":{"age":3,"id":300,"name":"N"}},{"op":"remove","path":"/users/300"}]"#,
            #"[{"op":"add","path":"/users/0","value":{"age":3,"id":300,"name":"N"}}]"#,
            #"[{"op":"remove","path":"/users/299"}]"#,
            #"[{"op":"remove","path":"/users/12"}]"#,
            #"[{"op":"move","from":"/users/12","path":"/users/200"}]"#,
            #"[{"op":"copy","from":"/users/12","path":"/users/-"}]"#,
            #"[{"op":"replace","path":"/users","value":[]}]"#,
            #"[{"op":"add","path":"/users/1/email","value":"a@b"},{"op":"remove","path":"/tags/1"}]"#,
            // Two spellings of "é": two keys.
            "[{\"op\":\"replace\",\"path\":\"/\u{E9}\",\"value\":3},{\"op\":\"add\",\"path\":\"/e\u{301}/x\",\"value\":4}]",
            "[{\"op\":\"remove\",\"path\":\"/e\u{301}\"},{\"op\":\"replace\",\"path\":\"/\u{E9}\",\"value\":1}]",
        ]
        for text in patches {
            let patch = try JSONPatch(jsonValue: try JSONValue(parsing: text))
            expectSameDiffs(state, patch, text)
        }
    }

    @Test func aFootprintKeepsNoContainerThePatchGoesThrough() throws {
        var state: JSONValue = ["users": .array((0..<100).map { ["id": .integer(Int64($0)), "age": 30] })]
        let patch = try JSONPatch(jsonValue: try JSONValue(parsing: #"[{"op":"replace","path":"/users/40/age","value":31}]"#))
        let footprint = JSONPatchFootprint(patch: patch, before: state)
        guard case .object(let members) = footprint.root, case .array(100, let elements)? = members.first?.node,
              case .object(let ages)? = elements.first?.node, case .whole(30?)? = ages.first?.node
        else {
            Issue.record("unexpected footprint \(footprint.root)")
            return
        }
        // The footprint holds neither the users nor the user it changes, so the patch edits them in place.
        func address(_ state: JSONValue) -> UInt {
            guard case .array(let users)? = state["users"] else { return 0 }
            return users.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        }
        let users = address(state)
        try patch.apply(inPlace: &state)
        #expect(address(state) == users)
        #expect(JSONDiffRenderer().render(from: footprint, to: state) == """
              {
                "users": [
                  … (40 unchanged),
                  {
            -       "age": 30,
            +       "age": 31,
                    "id": 40
                  },
                  … (59 unchanged)
                ]
              }
            """)
    }
}
