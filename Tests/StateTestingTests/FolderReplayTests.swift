import TestFixtures
import TestSupport
import StateRecorder
import StateSync
import StateTesting
import Testing

@Suite struct FolderReplayTests {
    private func folderWithOneBadRecording(in temporary: TemporaryDirectory) throws -> String {
        let folder = try temporary.createFolder("Recordings")
        try Recordings.record([CounterAction.increment, .increment], app: TestApps.app, to: folder + "/a-good.jsonl")
        try Recordings.record([CounterAction.note("n"), .add(2)], app: TestApps.broken, to: folder + "/b-bad.jsonl")
        _ = try temporary.createFolder("Recordings/nested")
        try Recordings.record([CounterAction.add(4)], app: TestApps.app, to: folder + "/nested/c-good.jsonl")
        return folder
    }

    @Test func aBadRecordingAmongGoodOnesGivesExactlyOneFailureNamingIt() throws {
        let temporary = try TemporaryDirectory()
        let folder = try folderWithOneBadRecording(in: temporary)
        let issues = Locked(0)

        withKnownIssue {
            let results = assertReplayAll(in: folder, apps: [TestApps.app])
            #expect(results.map(\.passed) == [true, false, true])
            #expect(results.map(\.recording) == [folder + "/a-good.jsonl", folder + "/b-bad.jsonl", folder + "/nested/c-good.jsonl"])
        } matching: { issue in
            issues.withLock { $0 += 1 }
            return issue.comments.map(\.rawValue) == ["""
                \(folder)/b-bad.jsonl: step 2 counter.add(2): state differs from the recording (Recorded: -, Actual: +)
                  {
                -   "count": 4,
                +   "count": 2,
                    … (1 unchanged)
                  }
                """]
        }
        #expect(issues.withLock { $0 } == 1)
    }

    @Test func aRecordingOfAnAppNotGivenFails() throws {
        let temporary = try TemporaryDirectory()
        let folder = try temporary.createFolder("Recordings")
        try Recordings.record([CounterAction.increment], app: TestApps.app, to: folder + "/counter.jsonl")
        try Recordings.record([CounterAction.increment], app: TestApps.counter(id: "tally"), to: folder + "/tally.jsonl")

        let results = RecordingReplay.runAll(in: folder, apps: [TestApps.app, TestApps.counter(id: "score")])

        #expect(results.map(\.message) == [nil, """
            the recording was made by the app "tally", but the apps given are counter, score; add that app or move the recording elsewhere.
            """])
    }

    @Test func eachRecordingIsReplayedByTheAppItNames() throws {
        let temporary = try TemporaryDirectory()
        let folder = try temporary.createFolder("Recordings")
        try Recordings.record([CounterAction.add(1)], app: TestApps.app, to: folder + "/counter.jsonl")
        try Recordings.record([CounterAction.add(1)], app: TestApps.counter(id: "doubler", addMultiplier: 2), to: folder + "/doubler.jsonl")

        let results = RecordingReplay.runAll(in: folder, apps: [TestApps.counter(id: "doubler", addMultiplier: 2), TestApps.app])

        #expect(results.map(\.recordedApp) == ["counter", "doubler"])
        #expect(results.map(\.passed) == [true, true])
    }

    @Test func predicateInvariantsApplyToEveryRecording() throws {
        let temporary = try TemporaryDirectory()
        let folder = try folderWithOneBadRecording(in: temporary)

        let results = RecordingReplay.runAll(in: folder, apps: [TestApps.app], invariants: [".count < 4"])

        #expect(results.map(\.message) == [nil, """
            step 2 counter.add(2): state differs from the recording (Recorded: -, Actual: +)
              {
            -   "count": 4,
            +   "count": 2,
                … (1 unchanged)
              }
            """, """
            step 1 counter.add(4): the invariant ".count < 4" does not hold; the state:
            {
              "count": 4,
              "notes": []
            }
            """])
    }

    @Test func aMissingOrEmptyFolderFailsOnce() throws {
        let temporary = try TemporaryDirectory()
        let empty = try temporary.createFolder("Empty")

        let missing = RecordingReplay.runAll(in: temporary.file("Missing"), apps: [TestApps.app])
        let none = RecordingReplay.runAll(in: empty, apps: [TestApps.app])

        #expect(missing.map(\.message) == ["\(temporary.path)/Missing: no such folder."])
        #expect(none.map(\.message) == ["\(empty): the folder holds no .jsonl recordings."])
    }
}
