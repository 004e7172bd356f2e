import StateQuery
import TestFixtures
import TestSupport
import StateDebugger
import StateJSON
import StateJournal
import StateRecorder
import Testing

@Suite struct BranchSourceTests {
    private func sessionWithBranch(in directory: TemporaryDirectory) throws -> Session {
        let path = try Recordings.write(Recordings.increments(6), to: directory.file("branched.jsonl"))
        let session = Session(source: try JournalSource(path: path), registry: AppRegistry([TestApps.counter()]),
                              clock: RecordingClock.fixed())
        try session.timeline.jump(to: 3)
        try session.dispatch(["add": ["_0": 10]])
        try session.dispatch(["note": ["_0": "branch"]])
        return session
    }

    @Test func presentsRecordedAndDispatchedStepsAsOneRecording() throws {
        let directory = try TemporaryDirectory()
        let session = try sessionWithBranch(in: directory)
        let branch = session.timeline.source(forBranch: "branch-1")
        #expect(branch.name == "\(session.source.name) (branch-1)")
        #expect(branch.lastStep == 5)
        #expect(branch.line(ofStep: 3) == 4)
        #expect(branch.line(ofStep: 4) == nil)
        #expect(try RecordingQuery(source: branch).log().map(\.action.label) == [
            "counter.increment", "counter.increment", "counter.increment", "counter.add(10)", #"counter.note("branch")"#,
        ])
        let changes = try RecordingQuery(source: branch).changes(of: JSONPath(parsing: ".count"))
        #expect(changes.changes.map(\.step) == [1, 2, 3, 4])
        #expect(changes.changes.last?.newValue == 13)
        #expect(session.timeline.source(forBranch: "main").lastStep == 6)
    }

    @Test func replaysABranchIncludingItsDispatchedSteps() throws {
        let directory = try TemporaryDirectory()
        let session = try sessionWithBranch(in: directory)
        let branch = session.timeline.source()
        #expect(try ReplayVerifier(source: branch, app: TestApps.counter()).verify().passed)
        let report = try ReplayVerifier(source: branch, app: TestApps.counter(addMultiplier: 3)).verify()
        #expect(report.divergence?.step == 4)
        #expect(report.divergence?.line == nil)
        #expect(report.divergence?.description.hasPrefix("\(branch.name): step 4 (counter.add(10)) diverges") == true)
    }

    @Test func bisectsABranch() throws {
        let directory = try TemporaryDirectory()
        let session = try sessionWithBranch(in: directory)
        let report = try RecordingQuery(source: session.timeline.source()).bisect(StatePredicate(parsing: ".count > 5"))
        #expect(report.step == 4)
        #expect(report.action?.label == "counter.add(10)")
    }
}
