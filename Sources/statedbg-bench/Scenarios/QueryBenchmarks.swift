import StateDebugger
import StateJSON
import StateQuery

/// Scenario 6: StateDebugger's `bisect` and `changes` on the recording scenario's journals.
struct QueryBenchmarks {
    let context: BenchmarkContext
    let journals: RecordedJournals

    func run() throws -> [Measurement] {
        let steps = journals.counterSteps
        context.progress("queries: counter journal, \(steps) steps")
        // A step right after an `add(5)`: the count never falls back below its value, so the predicate
        // stays true once it holds, as binary search assumes, and the first step it holds at is known.
        var expected = (steps * 7 / 100) * 10 + 7
        if expected > steps { expected -= 10 }
        let threshold = CounterFixture.count(after: expected)
        let predicate = try parse { () throws(PredicateParseError) in try StatePredicate(parsing: ".count >= \(threshold)") }
        let counterPath = try parse { () throws(JSONPathParseError) in try JSONPath(parsing: ".count") }
        let userPath = try parse { () throws(JSONPathParseError) in try JSONPath(parsing: ".users[0].age") }

        let bisect = try time { () throws(DebuggerError) in
            let report = try RecordingQuery(source: try JournalSource(path: journals.counter)).bisect(predicate)
            return (report.step == expected, "bisect found step \(report.step.map(String.init) ?? "none"), not \(expected)")
        }
        let counterChanges = try time { () throws(DebuggerError) in
            let report = try RecordingQuery(source: try JournalSource(path: journals.counter)).changes(of: counterPath)
            return (report.changes.count == steps, "changes found \(report.changes.count) changes of .count, not \(steps)")
        }
        context.progress("queries: users journal, \(journals.usersSteps) steps")
        let usersChanges = try time { () throws(DebuggerError) in
            let report = try RecordingQuery(source: try JournalSource(path: journals.users)).changes(of: userPath)
            return (report.stepsSkipped > 0, "changes skipped no step of the users journal")
        }
        let opened = "JournalSource opened each time"
        return [
            Measurement(group: "queries", name: "bisect (binary) on the counter journal, \(steps) steps", unit: .milliseconds,
                        samples: bisect, note: "predicate .count >= \(threshold), first true at step \(expected); \(opened)"),
            Measurement(group: "queries", name: "changes of .count on the counter journal, \(steps) steps (all change)",
                        unit: .milliseconds, samples: counterChanges, note: opened),
            Measurement(group: "queries", name: "changes of .users[0].age on the \(context.scale.users)-user journal, "
                            + "\(journals.usersSteps) steps", unit: .milliseconds, samples: usersChanges,
                        note: "steps whose patch cannot touch the path are skipped; \(opened)"),
        ]
    }

    /// Milliseconds per run of a query, which also says whether it found the right answer.
    private func time(_ query: () throws(DebuggerError) -> (correct: Bool, problem: String)) throws -> Samples {
        var times: [Double] = []
        for _ in 0..<context.scale.recordingRepetitions {
            var outcome: (correct: Bool, problem: String) = (false, "")
            do {
                let seconds = try context.stopwatch.seconds { outcome = try query() }
                times.append(seconds * 1000)
            } catch {
                throw BenchmarkError.wrongResult(scenario: "queries", "\(error)")
            }
            guard outcome.correct else { throw BenchmarkError.wrongResult(scenario: "queries", outcome.problem + ".") }
        }
        return Samples(times)
    }

    private func parse<T, Failure: Error>(_ body: () throws(Failure) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw BenchmarkError.wrongResult(scenario: "queries", "a query of the benchmark does not parse: \(error)")
        }
    }
}
