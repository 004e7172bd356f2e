import TestSupport
import StateDebugger
import StateJSON
import Testing

@Suite struct MinimizerCancellationTests {
    @Test func returnsTheWholeSequenceWhenCancelledAtOnce() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.note("a"), .increment, .note("b")], to: directory.file("cancel.jsonl"))
        let report = try Minimizer(source: try JournalSource(path: path), app: TestApps.counter())
            .minimize(StatePredicate(parsing: #".notes contains "b""#), isCancelled: { true })
        #expect(report.cancelled)
        #expect(report.keptSteps == [1, 2, 3])
        #expect(report.description.hasSuffix("; 1 replays, cancelled before the end."))
    }
}
