import Foundation
import TestFixtures
import TestSupport
import StateDebugger
import StateJSON
import StateJournal
import Testing

@Suite struct RecordingComparisonTests {
    @Test func identicalRecordings() throws {
        let directory = try TemporaryDirectory()
        let first = try Recordings.write([.increment, .add(2)], to: directory.file("a.jsonl"))
        let second = try Recordings.write([.increment, .add(2)], to: directory.file("b.jsonl"))
        let report = try RecordingComparison.compare(try JournalSource(path: first), try JournalSource(path: second))
        #expect(report.isIdentical)
        #expect(report.description == "\(first) and \(second) are identical through step 2.")
    }

    @Test func findsTheFirstDifferentAction() throws {
        let directory = try TemporaryDirectory()
        let first = try Recordings.write([.increment, .add(2), .increment], to: directory.file("a.jsonl"))
        let second = try Recordings.write([.increment, .add(3), .increment], to: directory.file("b.jsonl"))
        let report = try RecordingComparison.compare(try JournalSource(path: first), try JournalSource(path: second))
        #expect(report.firstDifference == 2)
        #expect(report.description == """
            \(first) and \(second) first differ at step 2: the actions differ (counter.add(2) vs counter.add(3)). The states after it (- \(first), + \(second)):
              {
            -   "count": 3,
            +   "count": 4,
                "notes": []
              }
            """)
    }

    @Test func findsTheFirstDifferentStateForTheSameAction() throws {
        let directory = try TemporaryDirectory()
        let increment = JournalAction(type: "counter.increment", label: "counter.increment", payload: ["increment": [:]])
        let first = directory.file("a.jsonl")
        let second = directory.file("b.jsonl")
        try Recordings.writeRaw([(increment, ["count": 1, "notes": []]), (increment, ["count": 2, "notes": []])], to: first)
        try Recordings.writeRaw([(increment, ["count": 1, "notes": []]), (increment, ["count": 3, "notes": []])], to: second)
        let report = try RecordingComparison.compare(try JournalSource(path: first), try JournalSource(path: second))
        guard case .statesDiffer(let step, let diff) = report.outcome else {
            Issue.record("expected different states, got \(report)")
            return
        }
        #expect(step == 2)
        #expect(diff.patch.jsonValue.canonicalText == #"[{"op":"replace","path":"/count","value":3}]"#)
    }

    @Test func saysWhichRecordingIsLonger() throws {
        let directory = try TemporaryDirectory()
        let first = try Recordings.write([.increment, .increment], to: directory.file("a.jsonl"))
        let second = try Recordings.write([.increment, .increment, .note("more")], to: directory.file("b.jsonl"))
        let report = try RecordingComparison.compare(try JournalSource(path: first), try JournalSource(path: second))
        #expect(report.outcome == .oneIsLonger(through: 2, longer: second, extraSteps: 1))
        #expect(report.description == "\(first) and \(second) are identical through step 2, then \(second) goes on for 1 more step.")
    }

    @Test func saysWhenTheInitialStatesAndAppsDiffer() throws {
        let directory = try TemporaryDirectory()
        let first = try Recordings.write([.increment], to: directory.file("a.jsonl"))
        let tally = TestApps.counter(id: "tally")
        let builder = JournalBuilder(header: Recordings.header(for: tally, initialState: ["count": 5, "notes": []]), policy: Recordings.policy())
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        let second = directory.file("b.jsonl")
        try Data(bytes).write(to: URL(fileURLWithPath: second))
        let report = try RecordingComparison.compare(try JournalSource(path: first), try JournalSource(path: second))
        #expect(report.firstDifference == 0)
        #expect(report.description == """
            \(first) and \(second) record different apps (counter and tally) and start from different initial states at step 0, before any action (- \(first), + \(second)):
              {
            -   "count": 0,
            +   "count": 5,
                "notes": []
              }
            """)
        let same = try RecordingComparison.compare(try JournalSource(path: second), try JournalSource(path: second))
        #expect(same.isIdentical)
    }
}
