import StateQuery
import TestFixtures
import TestSupport
import StateDebugger
import StateJSON
import StateSync
import Testing

@Suite struct MinimizerCancellationTests {
    @Test func returnsTheWholeSequenceWhenCancelledAtOnce() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write([.note("a"), .increment, .note("b")], to: directory.file("cancel.jsonl"))
        let report = try Minimizer(source: try JournalSource(path: path), app: TestApps.counter())
            .minimize(StatePredicate(parsing: #".notes contains "b""#), isCancelled: { true })
        #expect(report.cancelled)
        #expect(report.keptSteps == [1, 2, 3])
        // The one replay started was cut short, so none finished.
        #expect(report.replays == 0)
        #expect(report.description.hasSuffix("; 0 replays, cancelled before the end."))
    }

    @Test func stopsInsideALongReplayWhenCancelled() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write(Array(repeating: .increment, count: 600), to: directory.file("long.jsonl"))
        let polls = Locked(0)
        // True from the second poll on: only a check inside the first replay can see it in time, since
        // the predicate never holds and a finished replay would end in "never holds".
        let report = try Minimizer(source: try JournalSource(path: path), app: TestApps.counter())
            .minimize(StatePredicate(parsing: "step < 0"), isCancelled: {
                polls.withLock { count in
                    count += 1
                    return count > 1
                }
            })
        #expect(report.cancelled)
        #expect(report.keptSteps == Array(1...600))
        #expect(report.replays == 0)
    }
}
