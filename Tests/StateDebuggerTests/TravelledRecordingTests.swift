import StateQuery
import TestFixtures
import TestSupport
import StateDebugger
import StateJSON
import StateJournal
import StateRecorder
import Testing

/// Recordings in which the live store travelled back: steps whose parent is not the step before them.
@Suite struct TravelledRecordingTests {
    private func travelledRecording(in directory: TemporaryDirectory) throws -> String {
        let path = directory.file("travel.jsonl")
        let recorder = try RecordingStore(app: TestApps.counter(), journal: path, clock: RecordingClock.fixed())
        recorder.dispatch(.add(1))
        recorder.dispatch(.add(10))
        recorder.dispatch(.add(100))
        try recorder.undo(2)
        recorder.dispatch(.add(5))
        try recorder.close()
        return path
    }

    @Test func verifyReplaysFromTheRecordedParent() throws {
        let directory = try TemporaryDirectory()
        let source = try JournalSource(path: try travelledRecording(in: directory))
        #expect(source.lastStep == 4)
        #expect(source.parent(ofStep: 4) == 1)
        #expect(try source.state(at: 4)["count"] == 6)
        #expect(try ReplayVerifier(source: source, app: TestApps.counter()).verify().passed)
        let changed = try ReplayVerifier(source: source, app: TestApps.counter(addMultiplier: 2)).verify()
        #expect(changed.divergence?.step == 1)
    }

    @Test func changesCompareEachStepWithItsParent() throws {
        let directory = try TemporaryDirectory()
        let source = try JournalSource(path: try travelledRecording(in: directory))
        let report = try RecordingQuery(source: source).changes(of: JSONPath(parsing: ".count"))
        #expect(report.changes.map(report.line(for:)) == [
            "step 1 counter.add(1): 0 → 1",
            "step 2 counter.add(10): 1 → 11",
            "step 3 counter.add(100): 11 → 111",
            "step 4 counter.add(5): 1 → 6",
        ])
    }

    @Test func savingKeepsTheParents() throws {
        let directory = try TemporaryDirectory()
        let session = Session(source: try JournalSource(path: try travelledRecording(in: directory)), app: TestApps.counter())
        session.timeline.last()
        let output = directory.file("copy.jsonl")
        try session.save(to: output)
        let copy = try JournalSource(path: output)
        #expect(copy.parent(ofStep: 4) == 1)
        #expect(try RecordingComparison.compare(session.source, copy).isIdentical)
        #expect(try ReplayVerifier(source: copy, app: TestApps.counter()).verify().passed)
    }
}
