import TestFixtures
import TestSupport
import StateJournal
import StateTesting
import Testing

@Suite struct ReplayErrorTests {
    @Test func aMissingFileIsAFailureNotACrash() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("missing.jsonl")

        let result = RecordingReplay.run(recording: path, app: TestApps.app)

        #expect(result.message == "the recording cannot be replayed: \(path): no such file.")
    }

    @Test func anUnknownActionNamesTheStepAndTheKnownActions() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("counter.jsonl")
        try Recordings.writeRaw([
            (JournalAction(type: "counter.increment", label: "counter.increment", payload: ["increment": [:]]), ["count": 1, "notes": []]),
            (JournalAction(type: "counter.reset", label: "counter.reset", payload: ["reset": [:]]), ["count": 0, "notes": []]),
        ], to: path)

        let result = RecordingReplay.run(recording: path, app: TestApps.app)

        #expect(result.message == """
            the recording cannot be replayed: \(path):3: unknown action type "counter.reset" at step 2; the current code knows: counter.add, counter.decrement, counter.increment, counter.note.
            """)
    }

    @Test func anIncompatibleSchemaIsNotReplayedAndTheReasonsAreNamed() throws {
        let folder = try TemporaryDirectory()
        let path = try Recordings.record([CounterAction.increment], app: TestApps.app, to: folder.file("counter.jsonl"))

        let result = RecordingReplay.run(recording: path, app: TestApps.renamed)

        #expect(result.message == """
            the recording's schema is incompatible with the current code, so it was not replayed: the state's .count was renamed to .total, or replaced by it; \
            to keep the recordings made with version 1 of the types, declare version 2: schemaVersion: 2, migrations: [.from(1, .renameField("count", to: "total", in: .state))]. Declare a migration, record it again, or keep the old types until it is retired.
            """)
        #expect(result.report == nil)
    }

    @Test func aRiskySchemaIsNotedAndReplayed() throws {
        let folder = try TemporaryDirectory()
        let path = try Recordings.record([CounterAction.increment, .add(2)], app: TestApps.app, to: folder.file("counter.jsonl"))

        let result = RecordingReplay.run(recording: path, app: TestApps.extended)

        #expect(result.passed)
        #expect(result.notes == [
            "the schema check finds the replay risky but goes on: the action counter.reset is new.",
        ])
    }

    @Test func aRiskySchemaIsAWarningNotAFailure() throws {
        let folder = try TemporaryDirectory()
        let path = try Recordings.record([CounterAction.increment], app: TestApps.app, to: folder.file("counter.jsonl"))

        withKnownIssue {
            let result = assertReplay(path, app: TestApps.extended)
            #expect(result.passed)
        } matching: { issue in
            issue.severity == .warning && issue.comments.map(\.rawValue) == [
                "the schema check finds the replay risky but goes on: the action counter.reset is new.",
            ]
        }
    }

    @Test func aRecordingOfAnotherAppFails() throws {
        let folder = try TemporaryDirectory()
        let path = try Recordings.record([CounterAction.increment], app: TestApps.counter(id: "tally"), to: folder.file("tally.jsonl"))

        let result = RecordingReplay.run(recording: path, app: TestApps.app)

        #expect(result.message == """
            the recording was made by the app "tally", but it was replayed with the app "counter"; pass the app whose id is "tally".
            """)
    }

    @Test func aFileThatIsNotARecordingFails() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("notes.txt")
        try "hello".write(toFile: path, atomically: true, encoding: .utf8)

        let result = RecordingReplay.run(recording: path, app: TestApps.app)

        #expect(result.message?.hasPrefix("the recording cannot be replayed: \(path): ") == true)
    }
}
