import TestFixtures
import TestSupport
import StateJSON
import StateTesting
import Testing

@Suite struct InvariantTests {
    private func recording(in folder: TemporaryDirectory) throws -> String {
        try Recordings.record([CounterAction.increment, .add(5), .note("x"), .add(1)], app: TestApps.app,
                              to: folder.file("counter.jsonl"))
    }

    @Test func aTypedInvariantReportsTheFirstStepThatBreaksItWithTheState() throws {
        let folder = try TemporaryDirectory()
        let path = try recording(in: folder)

        let result = RecordingReplay.run(recording: path, app: TestApps.app, invariants: [
            Invariant("the count stays below 5") { $0.count < 5 },
        ])

        #expect(result.message == """
            step 2 counter.add(5): the invariant "the count stays below 5" does not hold; the state:
            {
              "count": 6,
              "notes": []
            }
            """)
    }

    @Test func aPredicateInvariantCanLookAtTheAction() throws {
        let folder = try TemporaryDirectory()
        let path = try recording(in: folder)

        let result = RecordingReplay.run(recording: path, app: TestApps.app, invariants: [
            ".count < 7",
            #"action.type != "counter.note" or .count > 100"#,
        ])

        #expect(result.message == """
            step 3 counter.note("x"): the invariant "action.type != "counter.note" or .count > 100" does not hold; the state:
            {
              "count": 6,
              "notes": [
                "x"
              ]
            }
            """)
    }

    @Test func theInitialStateIsCheckedToo() throws {
        let folder = try TemporaryDirectory()
        let path = try recording(in: folder)

        let result = RecordingReplay.run(recording: path, app: TestApps.app, invariants: [".count > 0"])

        #expect(result.message == """
            step 0 (the initial state): the invariant ".count > 0" does not hold; the state:
            {
              "count": 0,
              "notes": []
            }
            """)
    }

    @Test func invariantsThatHoldLetTheReplayPass() throws {
        let folder = try TemporaryDirectory()
        let path = try recording(in: folder)

        assertReplay(path, app: TestApps.app, invariants: [
            Invariant("notes are short") { $0.notes.allSatisfy { $0.count < 10 } },
            ".count >= 0",
        ])
    }

    @Test func aBrokenInvariantBeforeTheDivergenceIsReportedFirst() throws {
        let folder = try TemporaryDirectory()
        let path = try recording(in: folder)

        let result = RecordingReplay.run(recording: path, app: TestApps.broken, invariants: [".count < 1"])

        #expect(result.message?.hasPrefix(#"step 1 counter.increment: the invariant ".count < 1" does not hold"#) == true)
    }

    @Test func theDivergenceIsReportedWhenItComesFirst() throws {
        let folder = try TemporaryDirectory()
        let path = try recording(in: folder)

        let result = RecordingReplay.run(recording: path, app: TestApps.broken, invariants: [".count < 7"])

        #expect(result.message?.hasPrefix("step 2 counter.add(5): state differs from the recording") == true)
    }

    @Test func aPredicateThatDoesNotParseFailsInsteadOfCrashing() throws {
        let folder = try TemporaryDirectory()
        let path = try recording(in: folder)

        let result = RecordingReplay.run(recording: path, app: TestApps.app, invariants: [".count <"])

        #expect(result.message?.hasPrefix(#"the invariant ".count <" is not a valid predicate at column "#) == true)
        #expect(result.report == nil)
    }
}
