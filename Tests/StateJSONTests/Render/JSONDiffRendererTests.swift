import Testing
@testable import StateJSON

@Suite struct JSONDiffRendererTests {
    private func state(users count: Int, changing id: Int? = nil) -> JSONValue {
        let users: [JSONValue] = (0..<count).map { index in
            [
                "id": .integer(Int64(index)), "name": .string("User \(index)"),
                "age": index == id ? 31 : 30, "email": .string("u\(index)@example.com"),
            ]
        }
        return ["count": 3, "users": .array(users)]
    }

    @Test func equalValuesRenderNothing() {
        #expect(JSONDiffRenderer().render(from: state(users: 3), to: state(users: 3)) == nil)
    }

    @Test func changedLeafInALargeArrayShowsOnlyItsElement() {
        let rendered = JSONDiffRenderer().render(from: state(users: 1000), to: state(users: 1000, changing: 3))
        #expect(rendered == """
              {
                "count": 3,
                "users": [
                  … (3 unchanged),
                  {
            -       "age": 30,
            +       "age": 31,
                    "email": "u3@example.com",
                    "id": 3,
                    "name": "User 3"
                  },
                  … (996 unchanged)
                ]
              }
            """)
    }

    @Test func longRunsAndNestedContainersCollapse() {
        let old: JSONValue = ["a": 1, "b": 2, "c": 3, "d": 4, "e": "x", "f": ["g": 1], "h": 5, "i": [1]]
        var new = old
        if case .object(var object) = new {
            object["e"] = "y"
            new = .object(object)
        }
        #expect(JSONDiffRenderer().render(from: old, to: new) == """
              {
                … (4 unchanged),
            -   "e": "x",
            +   "e": "y",
                … (1 unchanged),
                "h": 5,
                … (1 unchanged)
              }
            """)
        let wide = JSONDiffRenderer(options: .init(contextMembers: 5)).render(from: old, to: new)
        #expect(wide == """
              {
                "a": 1,
                "b": 2,
                "c": 3,
                "d": 4,
            -   "e": "x",
            +   "e": "y",
                … (1 unchanged),
                "h": 5,
                … (1 unchanged)
              }
            """)
    }

    @Test func addedAndRemovedValuesPrintInFull() {
        let old: JSONValue = ["list": [1, 2, 3], "gone": ["x": [true]]]
        let new: JSONValue = ["list": [1, 2, 3, ["k": "v"]], "new": "\"quoted\"\n"]
        #expect(JSONDiffRenderer().render(from: old, to: new) == """
              {
            -   "gone": {
            -     "x": [
            -       true
            -     ]
            -   },
                "list": [
                  … (3 unchanged),
            +     {
            +       "k": "v"
            +     }
                ],
            +   "new": "\\"quoted\\"\\n"
              }
            """)
    }

    @Test func kindChangesPrintOldThenNew() {
        #expect(JSONDiffRenderer().render(from: ["a": [1, 2], "b": 1], to: ["a": "x", "b": 1]) == """
              {
            -   "a": [
            -     1,
            -     2
            -   ],
            +   "a": "x",
                "b": 1
              }
            """)
        #expect(JSONDiffRenderer().render(from: 1, to: 1.5) == """
            - 1
            + 1.5
            """)
    }

    @Test func identifiedInsertionAtTheFrontIsOneAddedElement() {
        let old: JSONValue = [["id": 1], ["id": 2]]
        let new: JSONValue = [["id": 0], ["id": 1], ["id": 2]]
        #expect(JSONDiffRenderer().render(from: old, to: new) == """
              [
            +   {
            +     "id": 0
            +   },
                … (2 unchanged)
              ]
            """)
    }

    @Test func styleWrapsMarkedLinesAndHeaderComesFirst() {
        let style = JSONDiffStyle(
            removed: .init(before: "<r>", after: "</r>"), added: .init(before: "<a>", after: "</a>"),
            collapsed: .init(before: "<c>", after: "</c>"))
        let options = JSONDiffRenderer.Options(style: style, header: "step 3 → 4")
        let rendered = JSONDiffRenderer(options: options).render(from: [1, 2, 3], to: [1, 2, 4])
        #expect(rendered == """
            step 3 → 4
              [
            <c>    … (2 unchanged),</c>
            <r>-   3</r>
            <a>+   4</a>
              ]
            """)
    }

    @Test func documentedStyleExampleDecoratesOnlyTheStyledRoles() {
        let brackets = JSONDiffStyle(removed: .init(before: "[-", after: "-]"), added: .init(before: "{+", after: "+}"))
        #expect(JSONDiffRenderer(options: .init(style: brackets)).render(from: [1, 2], to: [1, 3]) == """
              [
                … (1 unchanged),
            [--   2-]
            {++   3+}
              ]
            """)
    }

    @Test func documentedExampleMarksOnlyTheChangedLeaf() {
        let rendered = JSONDiffRenderer().render(
            from: ["count": 3, "users": [["id": 1, "age": 30]]],
            to: ["count": 3, "users": [["id": 1, "age": 31]]]
        )
        #expect(rendered == """
              {
                "count": 3,
                "users": [
                  {
            -       "age": 30,
            +       "age": 31,
                    "id": 1
                  }
                ]
              }
            """)
    }
}
