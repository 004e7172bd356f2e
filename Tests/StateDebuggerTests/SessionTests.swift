import TestFixtures
import TestSupport
import StateDebugger
import StateJSON
import StateJournal
import StateRecorder
import Testing

@Suite struct SessionTests {
    private func session(_ actions: [CounterAction], in directory: TemporaryDirectory,
                         app: RecordableApp<CounterState, CounterAction> = TestApps.counter()) throws -> Session {
        let path = try Recordings.write(actions, to: directory.file("session.jsonl"))
        return Session(source: try JournalSource(path: path), registry: AppRegistry([app]), clock: RecordingClock.fixed())
    }

    @Test func dispatchAtTheEndExtendsTheBranch() throws {
        let directory = try TemporaryDirectory()
        let session = try session(Recordings.increments(3), in: directory)
        #expect(session.isReducerMode)
        session.timeline.last()
        let report = try session.dispatch(["add": ["_0": 5]])
        #expect(report.description == "counter.add(5) applied at main@4")
        #expect(report.diff?.patch.jsonValue.canonicalText == #"[{"op":"replace","path":"/count","value":8}]"#)
        #expect(try session.timeline.currentState()["count"] == 8)
        #expect(session.timeline.branches.map(\.description) == ["main: steps 0 to 4 (recorded, 1 new)"])
    }

    @Test func dispatchInThePastKeepsTheOldFutureOnItsBranch() throws {
        let directory = try TemporaryDirectory()
        let session = try session(Recordings.increments(5), in: directory)
        let timeline = session.timeline
        try timeline.jump(to: 2)
        let report = try session.dispatch(["add": ["_0": 10]])
        #expect(report.description == "counter.add(10) applied at branch-1@3 (new branch branch-1; the old future stays on its branch)")
        #expect(timeline.position == TimelinePosition(branch: "branch-1", step: 3))
        #expect(timeline.lastStep == 3)
        #expect(try timeline.currentState()["count"] == 12)
        #expect(try timeline.state(at: 2)["count"] == 2)
        #expect(try timeline.state(at: 5, branch: "main")["count"] == 5)
        #expect(timeline.branches.map(\.description) == [
            "main: steps 0 to 5 (recorded)",
            "branch-1: steps 0 to 3 (forked from main at 2, 1 new)",
        ])
        #expect(try timeline.checkout("main") == TimelinePosition(branch: "main", step: 5))
        #expect(try timeline.currentState()["count"] == 5)
        #expect(throws: DebuggerError.noSuchBranch("nope", known: ["main", "branch-1"])) { try timeline.checkout("nope") }
        try timeline.checkout("branch-1")
        #expect(try timeline.currentState()["count"] == 12)
    }

    @Test func undoTakesTheCursorBackOverADispatchAndRedoReturnsToIt() throws {
        let directory = try TemporaryDirectory()
        let session = try session(Recordings.increments(5), in: directory)
        try session.timeline.jump(to: 2)
        try session.dispatch(["decrement": [:]])
        #expect(session.timeline.undo() == TimelinePosition(branch: "main", step: 2))
        #expect(try session.timeline.currentState()["count"] == 2)
        #expect(session.timeline.redo() == TimelinePosition(branch: "branch-1", step: 3))
        #expect(try session.timeline.currentState()["count"] == 1)
    }

    @Test func namedBranchesMustBeNew() throws {
        let directory = try TemporaryDirectory()
        let session = try session(Recordings.increments(3), in: directory)
        try session.timeline.jump(to: 1)
        try session.dispatch(["increment": [:]], newBranchName: "try")
        try session.timeline.jump(to: 1)
        #expect(throws: DebuggerError.branchExists("try")) { try session.dispatch(["increment": [:]], newBranchName: "try") }
    }

    @Test func rejectedDispatchLeavesTheTimelineAlone() throws {
        let directory = try TemporaryDirectory()
        let session = try session([.increment], in: directory, app: TestApps.nonNegativeCounter())
        let report = try session.dispatch(["decrement": [:]])
        #expect(report.description == "counter.decrement rejected by nonNegative: the count would be -1")
        #expect(report.diff == nil)
        #expect(session.timeline.position == TimelinePosition(branch: "main", step: 0))
        #expect(session.timeline.branches.count == 1)
    }

    @Test func dispatchingAnUnknownCaseListsTheCases() throws {
        let directory = try TemporaryDirectory()
        let session = try session([.increment], in: directory)
        #expect(throws: DebuggerError.badAction(.unknownCase("explode", actionType: "TestFixtures.CounterAction",
                                                             known: ["add", "decrement", "increment", "note"]))) {
            try session.dispatch(["explode": [:]])
        }
        let error = DebuggerError.badAction(.unknownCase("explode", actionType: "TestFixtures.CounterAction",
                                                         known: ["add", "decrement", "increment", "note"]))
        #expect(error.description == "`explode` is not a case of TestFixtures.CounterAction (known: add, decrement, increment, note).")
        #expect(error.exitStatus == 64)
        #expect(session.timeline.lastStep == 1)
    }

    @Test func undecodablePayloadOfAKnownCaseNamesTheCase() throws {
        let directory = try TemporaryDirectory()
        let session = try session([.increment], in: directory)
        do {
            _ = try session.dispatch(["add": ["_0": "five"]])
            Issue.record("A payload that does not decode was dispatched.")
        } catch {
            #expect(error.description.hasPrefix("the add action's payload does not decode: "))
            #expect(error.exitStatus == 64)
        }
    }

    @Test func snapshotModeCannotDispatch() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.increment], to: directory.file("snapshot.jsonl"))
        let session = Session(source: try JournalSource(path: path), registry: AppRegistry([TestApps.counter(id: "other")]))
        #expect(!session.isReducerMode)
        #expect(throws: DebuggerError.noApp("counter", known: ["other"])) { try session.dispatch(["increment": [:]]) }
        #expect(DebuggerError.noApp("counter", known: ["bank"]).description
            == #"This needs the reducer of the app "counter", which this statedbg does not know (it knows bank); to replay your own app, build a statedbg of your own that registers it: a few lines that call Statedbg.main(apps:), shown in README.md under "Your own statedbg". Snapshot commands (show, diff, log, changes, bisect, check) work without it."#)
    }

    @Test func opensARecordingByPath() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write(Recordings.increments(2), to: directory.file("open.jsonl"))
        let session = try Session(path: path, registry: AppRegistry([TestApps.counter()]))
        #expect(session.isReducerMode)
        #expect(session.timeline.lastStep == 2)
        #expect(throws: DebuggerError.self) { try Session(path: directory.file("absent.jsonl")) }
    }

    @Test func savesTheCurrentBranchAsAJournalThatReplays() throws {
        let directory = try TemporaryDirectory()
        let session = try session(Recordings.increments(5), in: directory)
        try session.timeline.jump(to: 2)
        try session.dispatch(["add": ["_0": 10]])
        try session.dispatch(["note": ["_0": "saved"]])
        try session.replaceState(with: ["count": 100, "notes": []])
        let output = directory.file("branch.jsonl")
        let report = try session.save(to: output)
        #expect(report.description == "wrote 5 steps of branch-1 to \(output)")

        let saved = try JournalSource(path: output)
        #expect(saved.lastStep == 5)
        #expect(saved.reader.validate().isEmpty)
        for step in 0...5 {
            #expect(try saved.state(at: step) == session.timeline.state(at: step))
            if step > 0 { #expect(try saved.action(at: step) == session.timeline.action(at: step)) }
        }
        #expect(try saved.action(at: 5).type == "statedbg.replaceState")
        #expect(try ReplayVerifier(source: saved, app: TestApps.counter()).verify().passed)

        #expect(throws: DebuggerError.fileExists(path: output)) { try session.save(to: output) }
        try session.timeline.checkout("main")
        #expect(try session.save(to: output, force: true).steps == 5)
        #expect(try JournalSource(path: output).state(at: 5)["count"] == 5)
    }
}
