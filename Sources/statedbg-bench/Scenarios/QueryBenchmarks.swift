/// Scenario 6: `bisect` and `changes` on the counter journal. StateDebugger has neither in main yet, so
/// the rows are reported without figures rather than left out, and fill in once the queries land.
struct QueryBenchmarks {
    let context: BenchmarkContext
    let journals: RecordedJournals

    func run() throws -> [Measurement] {
        let note = "not measured: StateDebugger's bisect/changes are not in main yet"
        return [
            Measurement(group: "queries", name: "bisect on the counter journal, \(journals.counterSteps) steps",
                        unit: .milliseconds, samples: nil, note: note),
            Measurement(group: "queries", name: "changes of .count on the counter journal, \(journals.counterSteps) steps",
                        unit: .milliseconds, samples: nil, note: note),
        ]
    }
}
