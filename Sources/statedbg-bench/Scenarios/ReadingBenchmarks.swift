import StateJSON
import StateEncoding
import StateJournal
import StateDebugger
import StateRecorder

/// Scenario 5: reading the recording scenario's journals: open, random jumps, sequential replay from the
/// stored states, and replay-verify through the reducer; then the sizes issue 20 sets, on generated
/// journals, and the cost of applying one patch as the state grows.
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
        rows += try largeJournalRows()
        rows += patchRows()
        return rows
    }

    private func measure<State, Action>(journal: String, label: String, app: RecordableApp<State, Action>,
                                        probeApp: MemoryProbe.ProbeApp, jumps count: Int, targets: Bool, note: String) throws -> [Measurement] {
        let scale = context.scale
        let stopwatch = context.stopwatch
        let processorTime = Stopwatch(countsProcessorTime: true)
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
        var wholeLineRates: [Double] = []
        var verifyRates: [Double] = []
        // The old way is ten times slower: it reads a prefix of the journal.
        let baselineLast = min(last, first + max(1000, (last - first) / 10))
        for _ in 0..<scale.recordingRepetitions {
            let oldWay = WholeLineStateReader(try open(journal))
            let baselineSeconds = try processorTime.seconds {
                for step in first...baselineLast { blackHole(try oldWay.state(at: step)) }
            }
            wholeLineRates.append(Double(baselineLast - first + 1) / baselineSeconds)
            let sequential = try open(journal)
            let seconds = try processorTime.seconds {
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
                        samples: Samples(snapshotRates), baselineName: "whole-line parse, copying apply (before issue 20)",
                        baseline: Samples(wholeLineRates), target: .atLeast(targets ? 1_000_000 : 100_000),
                        note: "state(at:) for every step, processor time; the baseline reads steps \(first) to \(baselineLast)"),
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

    /// The sizes issue 20 sets: random jumps and sequential replay on 100,000 steps of 1,000 users, and
    /// opening 10 million counter steps. The journals are generated (see ``GeneratedJournal``).
    private func largeJournalRows() throws -> [Measurement] {
        let full = context.scale.counterSteps >= BenchmarkScale.full.counterSteps
        let users = context.scale.users
        let usersSteps = full ? 100_000 : 3000
        let counterSteps = full ? 10_000_000 : 200_000
        let jumpCount = full ? 500 : 100
        let baselineJumps = full ? 50 : 20
        let processorTime = Stopwatch(countsProcessorTime: true)
        let usersLabel = "\(users) users, \(NumberText.figure(Double(usersSteps))) steps"
        let counterLabel = "counter, \(NumberText.figure(Double(counterSteps))) steps"

        context.progress("reading: generating \(usersLabel)")
        let usersPath = context.directory.file("large-users.jsonl")
        var usersBytes = 0
        let usersGeneration = try context.stopwatch.seconds {
            usersBytes = try GeneratedJournal.users(users, steps: usersSteps, path: usersPath)
        }
        let generated = "generated through JournalBuilder in \(NumberText.figure(usersGeneration)) s, \(NumberText.figure(Double(usersBytes) / 1e6)) MB"

        var generator = SeededGenerator(seed: 20)
        let reader = try open(usersPath)
        let steps = (0..<jumpCount).map { _ in Int.random(in: reader.header.firstStep...reader.lastStep, using: &generator) }
        var jumpTimes: [Double] = []
        for step in steps {
            var state = JSONValue.null
            jumpTimes.append(try processorTime.seconds { state = try read(reader, step) })
            blackHole(state)
        }
        let oldWay = WholeLineStateReader(try open(usersPath))
        var baselineTimes: [Double] = []
        for step in steps.prefix(baselineJumps) {
            var state = JSONValue.null
            baselineTimes.append(try processorTime.seconds { state = try oldWay.state(at: step) })
            guard state == (try read(reader, step)) else {
                throw BenchmarkError.wrongResult(scenario: "reading", "step \(step) of \(usersPath) reads back differently the old way.")
            }
        }
        let jumps = Samples(jumpTimes).map { $0 * 1000 }
        let baselineJumpSamples = Samples(baselineTimes).map { $0 * 1000 }

        context.progress("reading: sequential replay of \(usersLabel)")
        let sequential = try open(usersPath)
        let sequentialSeconds = try processorTime.seconds {
            for step in sequential.header.firstStep...sequential.lastStep { blackHole(try read(sequential, step)) }
        }
        let baselineLast = min(sequential.lastStep, full ? 10_000 : 1000)
        let oldSequential = WholeLineStateReader(try open(usersPath))
        let baselineSequentialSeconds = try processorTime.seconds {
            for step in 1...baselineLast { blackHole(try oldSequential.state(at: step)) }
        }
        context.directory.delete(usersPath)

        context.progress("reading: generating \(counterLabel)")
        let counterPath = context.directory.file("large-counter.jsonl")
        var counterBytes = 0
        let counterGeneration = try context.stopwatch.seconds {
            counterBytes = try GeneratedJournal.counter(steps: counterSteps, path: counterPath)
        }
        var opened: JournalReader? = try open(counterPath)
        let opening = try processorTime.perOperation(repetitions: 3, operations: 1) {
            opened = nil
            opened = try open(counterPath)
        }
        guard let opened, opened.lastStep == counterSteps,
              try read(opened, counterSteps) == .object(["count": .integer(Int64(CounterFixture.count(after: counterSteps)))]) else {
            throw BenchmarkError.wrongResult(scenario: "reading", "\(counterPath) does not read back its last step.")
        }
        let memory = try MemoryProbe(executable: context.executable, users: users)
            .measure(.read(app: .counter, path: counterPath, jumps: 0))
        context.directory.delete(counterPath)

        let jumpNote = "\(jumpCount) jumps with state(at:) (the baseline: the first \(baselineJumps)), processor time; \(generated)"
        return [
            Measurement(group: "reading", name: "\(usersLabel): random jump, median", unit: .milliseconds, samples: jumps,
                        baselineName: "whole-line parse, copying apply (before issue 20)", baseline: baselineJumpSamples,
                        target: .below(2), note: jumpNote),
            Measurement(group: "reading", name: "\(usersLabel): random jump, p99", unit: .milliseconds,
                        samples: Samples([jumps.quantile(0.99)]),
                        baselineName: "whole-line parse, copying apply (before issue 20)",
                        baseline: Samples([baselineJumpSamples.quantile(0.99)]), target: .below(10), note: jumpNote),
            Measurement(group: "reading", name: "\(usersLabel): sequential replay, snapshot mode", unit: .stepsPerSecond,
                        samples: Samples([Double(sequential.stepCount) / sequentialSeconds]),
                        baselineName: "whole-line parse, copying apply (before issue 20)",
                        baseline: Samples([Double(baselineLast) / baselineSequentialSeconds]), target: .atLeast(100_000),
                        note: "state(at:) for every step, processor time; the baseline reads steps 1 to \(baselineLast)"),
            Measurement(group: "reading", name: "\(counterLabel): open (JournalReader.init)", unit: .milliseconds,
                        samples: opening.map { $0 * 1000 }, target: .below(2000),
                        note: "processor time (reads included; the machine is shared), file in the page cache, \(counterBytes / 1_000_000) MB generated in \(NumberText.figure(counterGeneration)) s"),
            Measurement(group: "reading", name: "\(counterLabel): resident memory after open", unit: .megabytes,
                        samples: memory["afterOpen"].map { Samples([$0 / 1e6]) }, target: .below(200),
                        note: "VmRSS of a fresh process; before issue 20 the index took 17 bytes a step and 8 more a keyframe (290 MB at 10 M steps)"),
        ]
    }

    /// A one-operation patch on states of 1,000 and 10,000 users: applying it should cost the same.
    private func patchRows() -> [Measurement] {
        let stopwatch = Stopwatch(countsProcessorTime: true)
        let scale = context.scale
        func state(_ users: Int) -> JSONValue {
            (try? JSONValueEncoder().encode(UsersState.generated(count: users))) ?? .null
        }
        func patch(_ step: Int, users: Int) -> JSONPatch {
            JSONPatch([.replace(path: JSONPointer(tokens: ["users", String((step &* 7919) % users), "age"]), value: .integer(Int64(step % 61)))])
        }
        var rows: [Measurement] = []
        var inPlace: [Int: Samples] = [:]
        for users in [1000, 10_000] {
            let patches = (0..<64).map { patch($0, users: users) }
            var document = state(users)
            var next = 0
            let editing = stopwatch.perCall(repetitions: scale.repetitions, budget: scale.budget) {
                next = (next + 1) & 63
                try? patches[next].apply(inPlace: &document)
            }
            // The old reader kept the previous state, so the atomic apply copied each container on the path.
            var held = document
            let copying = stopwatch.perCall(repetitions: scale.repetitions, budget: scale.budget) {
                next = (next + 1) & 63
                let previous = held
                held = (try? patches[next].apply(to: previous)) ?? previous
            }
            blackHole(document)
            blackHole(held)
            inPlace[users] = editing.map { $0 * 1e6 }
            rows.append(Measurement(group: "reading", name: "one-replace patch on \(NumberText.figure(Double(users))) users: apply in place",
                                    unit: .microsecondsPerOperation, samples: editing.map { $0 * 1e6 },
                                    baselineName: "JSONPatch.apply(to:) while the previous state is held", baseline: copying.map { $0 * 1e6 },
                                    note: "processor time; JSONPatch.apply(inPlace:), as state(at:) applies patches"))
        }
        rows.append(Measurement(group: "reading", name: "one-replace patch: 10,000 users against 1,000 (time ∝ patch, not state)",
                                unit: .microsecondsPerOperation, samples: inPlace[10_000], baselineName: "1,000 users",
                                baseline: inPlace[1000], target: .ratioAtLeast(0.67),
                                note: "the ratio is the 1,000-user time over the 10,000-user time; ≥ 0.67 means 10× the state costs ≤ 1.5× the time"))
        return rows
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
