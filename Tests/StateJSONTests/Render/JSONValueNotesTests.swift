import Testing
import StateJSON

/// A `Date`'s ISO 8601 rendering beside its number, where the notes say a path holds one.
@Suite struct JSONValueNotesTests {
    private var notes: JSONValueNotes {
        var notes = JSONValueNotes()
        notes.add(.date, at: [.key("accounts"), .element, .key("lastActivity")])
        notes.add(.date, at: [.key("opened"), .anyKey])
        return notes
    }

    private let state: JSONValue = [
        "accounts": [["id": "jenny", "lastActivity": 789839279.0], ["id": "donald", "lastActivity": 0]],
        "opened": ["jenny": 788950800.0],
        "count": 789839279.0,
    ]

    @Test func aDumpWritesTheDateBesideEachNumberThePathsName() {
        #expect(JSONDumper(notes: notes).dump(state) == """
            {
              "accounts": [
                {
                  "id": "jenny",
                  "lastActivity": 789839279.0  // 2026-01-11T15:47:59.000Z
                },
                {
                  "id": "donald",
                  "lastActivity": 0  // 2001-01-01T00:00:00.000Z
                }
              ],
              "count": 789839279.0,
              "opened": {
                "jenny": 788950800.0  // 2026-01-01T09:00:00.000Z
              }
            }
            """)
        // Without notes, and in JSON, the numbers stand alone.
        #expect(!JSONDumper().dump(state).contains("//"))
        #expect(!state.canonicalText.contains("//"))
    }

    @Test func aDiffWritesTheDateOnItsRemovedAndAddedLines() {
        let later: JSONValue = [
            "accounts": [["id": "jenny", "lastActivity": 789839339.0], ["id": "donald", "lastActivity": 0]],
            "opened": ["jenny": 788950800.0],
            "count": 789839279.0,
        ]
        #expect(JSONDiffRenderer(notes: notes).render(from: state, to: later) == """
              {
                "accounts": [
                  {
                    "id": "jenny",
            -       "lastActivity": 789839279.0  // 2026-01-11T15:47:59.000Z
            +       "lastActivity": 789839339.0  // 2026-01-11T15:48:59.000Z
                  },
                  … (1 unchanged)
                ],
                "count": 789839279.0,
                … (1 unchanged)
              }
            """)
    }

    @Test func notesRootedAtAValueFollowItsPlaceInTheState() {
        let account = notes.rooted(at: JSONPointer(tokens: ["accounts", "1"]), in: state)
        #expect(account.paths == [[.key("lastActivity")]: .date])
        let date = notes.rooted(at: JSONPointer(tokens: ["opened", "jenny"]), in: state)
        #expect(JSONDumper(notes: date).dump(788950800.0) == "788950800.0  // 2026-01-01T09:00:00.000Z")
        #expect(notes.rooted(at: JSONPointer(tokens: ["count"]), in: state).isEmpty)
        // A number far outside any calendar says all there is by itself.
        #expect(JSONDumper(notes: date).dump(1e300) == "1e+300")
    }
}
