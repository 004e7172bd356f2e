import Foundation
import StateRecorder

/// Scenario 4: recording end to end (dispatch N actions, then close, so the file is complete) with a
/// plain store, `RecordingStore` and a naive recorder, for the counter and the 1,000-user state.
struct RecordingBenchmarks {
    let context: BenchmarkContext

    /// The rows, and the last journal of each app for the reading scenario.
    func run() throws -> (measurements: [Measurement], journals: RecordedJournals) {
        let scale = context.scale
        let policy = RecordingDriver<CounterState, CounterAction>.policyText
        let counter = RecordingDriver(app: CounterFixture.app, action: CounterFixture.action)
        let users = scale.users
        let large = RecordingDriver(app: UsersFixture.app(users: users), action: { UsersFixture.action($0, users: users) })

        context.progress("recording: counter, \(scale.counterSteps) steps (naive: \(scale.naiveCounterSteps))")
        let counterRuns = try measure(counter, name: "counter", steps: scale.counterSteps, naiveSteps: scale.naiveCounterSteps)
        let usersRecorderSteps = max(scale.usersSteps, Self.fewestRecorderSteps)
        context.progress("recording: \(users) users, \(usersRecorderSteps) steps (plain store: \(scale.usersSteps), naive: \(scale.naiveUsersSteps))")
        let usersRuns = try measure(large, name: "users", steps: scale.usersSteps, naiveSteps: scale.naiveUsersSteps)

        context.progress("recording: peak memory, each in a fresh process")
        let probe = MemoryProbe(executable: context.executable, users: users)
        var memoryRows: [Measurement] = []
        for (app, steps, label) in [(MemoryProbe.ProbeApp.counter, scale.counterSteps, "counter"),
                                    (.users, scale.usersSteps, "\(users) users")] {
            var peaks: [RecordingMethod: Double] = [:]
            for method in RecordingMethod.allCases {
                let probeSteps = method == .naive ? (app == .counter ? scale.naiveCounterSteps : scale.naiveUsersSteps) : steps
                let path = context.directory.file("probe-\(app.rawValue)-\(method.rawValue).jsonl")
                peaks[method] = try probe.measure(.record(app: app, method: method, steps: probeSteps, path: path))["peak"]
                context.directory.delete(path)
            }
            let storePeak = peaks[.store].map { Samples([$0 / 1e6]) }
            memoryRows.append(Measurement(
                group: "recording", name: "\(label): peak resident memory, RecordingStore", unit: .megabytes,
                samples: peaks[.recorder].map { Samples([$0 / 1e6]) }, baselineName: "plain store process", baseline: storePeak,
                note: "VmHWM of a fresh process recording \(steps) steps"))
            memoryRows.append(Measurement(
                group: "recording", name: "\(label): peak resident memory, naive recorder", unit: .megabytes,
                samples: peaks[.naive].map { Samples([$0 / 1e6]) }, baselineName: "plain store process", baseline: storePeak,
                note: "VmHWM of a fresh process"))
        }

        let rows = [
            Measurement(group: "recording", name: "counter: RecordingStore (\(policy))", unit: .stepsPerSecond,
                        samples: counterRuns.recorder, baselineName: "plain store", baseline: counterRuns.store,
                        target: .atLeast(1_000_000), note: "\(scale.counterSteps) steps, then close()"),
            Measurement(group: "recording", name: "counter: naive recorder (JSONEncoder + FileHandle.write per step)",
                        unit: .stepsPerSecond, samples: counterRuns.naive, baselineName: "plain store", baseline: counterRuns.store,
                        note: "\(scale.naiveCounterSteps) steps"),
            Measurement(group: "recording", name: "counter: RecordingStore vs naive", unit: .stepsPerSecond,
                        samples: counterRuns.recorder, baselineName: "naive recorder", baseline: counterRuns.naive),
            Measurement(group: "recording", name: "counter: bytes per step, RecordingStore", unit: .bytesPerStep,
                        samples: Samples([counterRuns.recorderBytes]), baselineName: "naive recorder",
                        baseline: Samples([counterRuns.naiveBytes]), note: counterRuns.bytesNote),
            Measurement(group: "recording", name: "\(users) users: RecordingStore vs naive (\(policy))", unit: .stepsPerSecond,
                        samples: usersRuns.recorder, baselineName: "naive recorder", baseline: usersRuns.naive,
                        target: .ratioAtLeast(50),
                        note: "\(usersRuns.recorderSteps) steps (naive: \(scale.naiveUsersSteps)), one field per step; opening and closing the journal included, so ours runs at least \(Self.fewestRecorderSteps) steps: opening encodes, fingerprints and writes the whole initial state once, which a short run spreads over few steps"),
            Measurement(group: "recording", name: "\(users) users: RecordingStore vs plain store", unit: .stepsPerSecond,
                        samples: usersRuns.recorder, baselineName: "plain store", baseline: usersRuns.store),
            Measurement(group: "recording", name: "\(users) users: bytes per step, RecordingStore", unit: .bytesPerStep,
                        samples: Samples([usersRuns.recorderBytes]), baselineName: "naive recorder",
                        baseline: Samples([usersRuns.naiveBytes]), target: .below(200),
                        note: usersRuns.bytesNote),
        ] + processorRows(counterRuns, label: "counter") + processorRows(usersRuns, label: "\(users) users") + memoryRows
        let journals = RecordedJournals(counter: counterRuns.journal, counterSteps: scale.counterSteps,
                                        users: usersRuns.journal, usersSteps: scale.usersSteps)
        return (rows, journals)
    }

    /// Processor time per step, which unlike steps per second does not count waiting for a core.
    private func processorRows(_ runs: Runs, label: String) -> [Measurement] {
        let note = "processor time of all threads (dispatching and writer) per step"
        return [
            Measurement(group: "recording", name: "\(label): processor time, RecordingStore", unit: .microsecondsPerStep,
                        samples: runs.processor[.recorder], baselineName: "plain store", baseline: runs.processor[.store], note: note),
            Measurement(group: "recording", name: "\(label): processor time, naive recorder", unit: .microsecondsPerStep,
                        samples: runs.processor[.naive], baselineName: "plain store", baseline: runs.processor[.store], note: note),
        ]
    }

    /// Steps per second of each method over the repetitions (interleaved), bytes per step of the files,
    /// and the recorder's last journal, kept for reading.
    private struct Runs {
        var store: Samples
        var recorder: Samples
        var naive: Samples
        var recorderBytes: Double
        var naiveBytes: Double
        var journal: String
        /// How many steps each recording by `RecordingStore` ran.
        var recorderSteps: Int
        /// What the bytes per step of `RecordingStore` count.
        var bytesNote: String
        /// Processor microseconds per step, all threads.
        var processor: [RecordingMethod: Samples]
    }

    /// The fewest steps `RecordingStore` records per run, so that opening and closing the journal (a
    /// one-time cost that follows the size of the initial state) weigh on each step as in a real session,
    /// and so that the bytes per step include the keyframes the policy writes between patches.
    static var fewestRecorderSteps: Int { 3000 }

    /// - Parameter steps: The steps of the plain store's runs, and of the journal kept for reading;
    ///   `RecordingStore` records at least ``fewestRecorderSteps`` per run.
    private func measure<State, Action>(_ driver: RecordingDriver<State, Action>, name: String, steps: Int,
                                        naiveSteps: Int) throws -> Runs {
        let recorderSteps = max(steps, Self.fewestRecorderSteps)
        var rates: [RecordingMethod: [Double]] = [:]
        var processor: [RecordingMethod: [Double]] = [:]
        func timed(_ method: RecordingMethod, steps: Int, _ body: () throws -> Void) throws {
            let start = ProcessorTime.now()
            let seconds = try context.stopwatch.seconds(body)
            processor[method, default: []].append((ProcessorTime.now() - start) * 1e6 / Double(steps))
            rates[method, default: []].append(Double(steps) / seconds)
        }
        var recorderBytes = 0.0
        var naiveBytes = 0.0
        var bytesNote = ""
        let journal = context.directory.file("\(name).jsonl")
        for repetition in 0..<context.scale.recordingRepetitions {
            try timed(.store, steps: steps) {
                blackHole(try driver.run(.store, steps: steps, path: ""))
            }

            let path = context.directory.file("\(name)-\(repetition).jsonl")
            var final: State?
            try timed(.recorder, steps: recorderSteps) {
                final = try driver.run(.recorder, steps: recorderSteps, path: path)
            }
            if let final { try driver.verifyJournal(at: path, steps: recorderSteps, final: final) }
            let size = try JournalSize(path: path, steps: recorderSteps)
            recorderBytes = size.bytesPerStep
            bytesNote = size.description
            try? FileManager.default.removeItem(atPath: journal)
            if recorderSteps == steps {
                try FileManager.default.moveItem(atPath: path, toPath: journal)
            } else {
                // The reading scenarios read a journal of `steps` steps, whatever this run's length.
                context.directory.delete(path)
                blackHole(try driver.run(.recorder, steps: steps, path: journal))
            }

            let naivePath = context.directory.file("\(name)-naive.jsonl")
            try timed(.naive, steps: naiveSteps) {
                blackHole(try driver.run(.naive, steps: naiveSteps, path: naivePath))
            }
            naiveBytes = try Self.fileBytes(naivePath) / Double(naiveSteps)
            context.directory.delete(naivePath)
        }
        return Runs(store: Samples(rates[.store] ?? []), recorder: Samples(rates[.recorder] ?? []),
                    naive: Samples(rates[.naive] ?? []), recorderBytes: recorderBytes, naiveBytes: naiveBytes,
                    journal: journal, recorderSteps: recorderSteps, bytesNote: bytesNote,
                    processor: processor.mapValues(Samples.init))
    }

    /// The size of a file.
    private static func fileBytes(_ path: String) throws -> Double {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.doubleValue else {
            throw BenchmarkError.io("cannot read \(path) back.")
        }
        return size
    }
}
