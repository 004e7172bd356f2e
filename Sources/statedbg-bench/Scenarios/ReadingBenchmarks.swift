import StateJSON
import StateJournal
import StateDebugger
import StateRecorder

/// Scenario 5: reading the recording scenario's journals: open, random jumps, sequential replay from the
/// stored states, and replay-verify through the reducer.
struct ReadingBenchmarks {
    let context: BenchmarkContext
    let journals: RecordedJournals

    func run() throws -> [Measurement] {
        let source = "built with RecordingStore, default options"
        context.progress("reading: counter journal, \(journals.counterSteps) steps")
        var rows = try measure(journal: journals.counter, label: "counter, \(journals.counterSteps) steps",
                               app: CounterFixture.app, probeApp: .counter, jumps: context.scale.jumps, targets: true, note: source)
        let users = context.scale.users
        context.progress("reading: \(users)-user journal, \(journals.usersSteps) steps")
        rows += try measure(journal: journals.users, label: "\(users) users, \(journals.usersSteps) steps",
                            app: UsersFixture.app(users: users), probeApp: .users, jumps: context.scale.usersJumps, targets: false,
                            note: source)
        return rows
    }

    private func measure<State, Action>(journal: String, label: String, app: RecordableApp<State, Action>,
                                        probeApp: MemoryProbe.ProbeApp, jumps count: Int, targets: Bool, note: String) throws -> [Measurement] {
        let scale = context.scale
        let stopwatch = context.stopwatch
        var reader = try open(journal)
        let first = reader.header.firstStep
        let last = reader.lastStep

        let opening = try stopwatch.perOperation(repetitions: scale.recordingRepetitions, operations: 1) {
            reader = try open(journal)
        }

        // A fresh reader keeps only the last state it rebuilt, so a random step is a real jump.
        var generator = SeededGenerator(seed: 42)
        var jumpTimes: [Double] = []
        for _ in 0..<count {
            let step = Int.random(in: first...last, using: &generator)
            var state = JSONValue.null
            jumpTimes.append(try stopwatch.seconds { state = try read(reader, step) })
            try check(state, step: step, in: journal)
        }
        let jumps = Samples(jumpTimes).map { $0 * 1000 }

        var snapshotRates: [Double] = []
        var verifyRates: [Double] = []
        for _ in 0..<scale.recordingRepetitions {
            let sequential = try open(journal)
            let seconds = try stopwatch.seconds {
                for step in first...last { blackHole(try read(sequential, step)) }
            }
            snapshotRates.append(Double(last - first + 1) / seconds)
            let source = try openSource(journal)
            let verifySeconds = try stopwatch.seconds { try verify(source, app: app) }
            verifyRates.append(Double(last - first + 1) / verifySeconds)
        }

        let memory = try MemoryProbe(executable: context.executable, users: scale.users)
            .measure(.read(app: probeApp, path: journal, jumps: count))
        let megabytes = { (key: String) in memory[key].map { Samples([$0 / 1e6]) } }

        return [
            Measurement(group: "reading", name: "\(label): open (JournalReader.init)", unit: .milliseconds,
                        samples: opening.map { $0 * 1000 }, target: targets ? .below(1000) : nil, note: note),
            Measurement(group: "reading", name: "\(label): random jump, median", unit: .milliseconds,
                        samples: jumps, target: targets ? .below(5) : nil,
                        note: "\(count) jumps with state(at:); spread is min–max"),
            Measurement(group: "reading", name: "\(label): random jump, p99", unit: .milliseconds,
                        samples: Samples([jumps.quantile(0.99)])),
            Measurement(group: "reading", name: "\(label): sequential replay, snapshot mode", unit: .stepsPerSecond,
                        samples: Samples(snapshotRates), note: "state(at:) for every step"),
            Measurement(group: "reading", name: "\(label): replay-verify, reducer mode", unit: .stepsPerSecond,
                        samples: Samples(verifyRates), target: targets ? .atLeast(500_000) : nil,
                        note: "StateDebugger's ReplayVerifier.verify() on an open JournalSource"),
            Measurement(group: "reading", name: "\(label): resident memory after open", unit: .megabytes,
                        samples: megabytes("afterOpen"), target: targets ? .below(100) : nil,
                        note: "VmRSS of a fresh process"),
            Measurement(group: "reading", name: "\(label): resident memory after the jumps", unit: .megabytes,
                        samples: megabytes("afterJumps"), target: targets ? .below(100) : nil,
                        note: "VmRSS of a fresh process after \(count) jumps"),
        ]
    }

    private func open(_ path: String) throws -> JournalReader {
        do {
            return try JournalReader(path: path)
        } catch {
            throw BenchmarkError.wrongResult(scenario: "reading", "\(path) does not open: \(error)")
        }
    }

    private func read(_ reader: JournalReader, _ step: Int) throws -> JSONValue {
        do {
            return try reader.state(at: step)
        } catch {
            throw BenchmarkError.wrongResult(scenario: "reading", "step \(step) does not read back: \(error)")
        }
    }

    /// The counter's state at every step is known in closed form; check the jumps land on it.
    private func check(_ state: JSONValue, step: Int, in journal: String) throws {
        guard journal == journals.counter else { return }
        guard state == .object(["count": .integer(Int64(CounterFixture.count(after: step)))]) else {
            throw BenchmarkError.wrongResult(scenario: "reading", "step \(step) of \(journal) reads back as \(state.canonicalText).")
        }
    }

    /// Replays every step's action through the reducer with StateDebugger's verifier, which compares
    /// each state's fingerprint with the hash the journal recorded.
    private func verify(_ source: JournalSource, app: any RegisteredApp) throws {
        let report: VerifyReport
        do {
            report = try ReplayVerifier(source: source, app: app).verify()
        } catch {
            throw BenchmarkError.wrongResult(scenario: "reading", "replay-verify of \(source.name) failed: \(error)")
        }
        guard report.passed else {
            throw BenchmarkError.wrongResult(scenario: "reading", "replay-verify of \(source.name) did not pass: \(report)")
        }
    }

    private func openSource(_ path: String) throws -> JournalSource {
        do {
            return try JournalSource(path: path)
        } catch {
            throw BenchmarkError.wrongResult(scenario: "reading", "\(path) does not open as a recording: \(error)")
        }
    }
}
