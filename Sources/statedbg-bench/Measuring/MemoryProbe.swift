import ExampleApps
import Foundation
import StateJSON
import StateJournal
import StateRecorder

/// Measures memory in a fresh process of this executable, because the benchmark's own process has
/// already touched far more memory than the thing measured and `VmHWM` never goes down.
///
/// The parent runs `statedbg-bench --probe KIND ARGUMENTS…`; the child does one thing, prints one JSON
/// object of byte counts to stdout and exits.
struct MemoryProbe {
    /// What a probe does.
    enum Kind: Sendable {
        /// Records `steps` steps of `app` by `method` into `path`; reports the peak resident memory.
        case record(app: ProbeApp, method: RecordingMethod, steps: Int, path: String)
        /// Opens a journal (resident memory after), jumps to `jumps` random steps (resident memory after).
        case read(app: ProbeApp, path: String, jumps: Int)
        /// Records `steps` counter steps with a flight recorder of `window` steps (its journal `path`,
        /// written at the end); reports the resident memory once the window is full and after every step.
        case flight(window: Int, steps: Int, path: String)

        var arguments: [String] {
            switch self {
            case .record(let app, let method, let steps, let path): ["record", app.rawValue, method.rawValue, String(steps), path]
            case .read(let app, let path, let jumps): ["read", app.rawValue, path, String(jumps)]
            case .flight(let window, let steps, let path): ["flight", String(window), String(steps), path]
            }
        }

        init(arguments: [String]) throws {
            switch arguments.first {
            case "record" where arguments.count == 5:
                guard let app = ProbeApp(rawValue: arguments[1]), let method = RecordingMethod(rawValue: arguments[2]),
                      let steps = Int(arguments[3]), steps > 0 else { break }
                self = .record(app: app, method: method, steps: steps, path: arguments[4])
                return
            case "read" where arguments.count == 4:
                guard let app = ProbeApp(rawValue: arguments[1]), let jumps = Int(arguments[3]), jumps >= 0 else { break }
                self = .read(app: app, path: arguments[2], jumps: jumps)
                return
            case "flight" where arguments.count == 4:
                guard let window = Int(arguments[1]), window > 0, let steps = Int(arguments[2]), steps >= window else { break }
                self = .flight(window: window, steps: steps, path: arguments[3])
                return
            default:
                break
            }
            throw BenchmarkError.usage("bad probe arguments: \(arguments.joined(separator: " "))")
        }
    }

    /// The apps a probe can run (the child rebuilds them from their name).
    enum ProbeApp: String, Sendable {
        case counter
        case users
        /// The example tracker app driven by its action generator, as `statedbg record tracker` does.
        case tracker
    }

    /// This executable.
    let executable: String
    let users: Int

    /// Runs the probe in a child process and returns the byte counts it printed.
    func measure(_ kind: Kind) throws -> [String: Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--probe", "--users", String(users)] + kind.arguments
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw BenchmarkError.io("cannot start the memory probe \(executable): \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.wrongResult(scenario: "memory probe",
                                             "`\(kind.arguments.joined(separator: " "))` exited with status \(process.terminationStatus).")
        }
        guard case .object(let object)? = try? JSONParser().parse([UInt8](data)) else {
            throw BenchmarkError.wrongResult(scenario: "memory probe", "the probe printed no JSON object.")
        }
        var figures: [String: Double] = [:]
        for (key, value) in object.members {
            if case .integer(let number) = value { figures[key] = Double(number) }
        }
        return figures
    }

    /// The child's side: does what `kind` says and returns the figures to print.
    func runChild(_ kind: Kind) throws -> JSONValue {
        switch kind {
        case .record(let app, let method, let steps, let path):
            switch app {
            case .counter:
                _ = try RecordingDriver(app: CounterFixture.app, action: CounterFixture.action).run(method, steps: steps, path: path)
            case .users:
                let users = self.users
                _ = try RecordingDriver(app: UsersFixture.app(users: users), action: { UsersFixture.action($0, users: users) })
                    .run(method, steps: steps, path: path)
            case .tracker:
                let started = ProcessorTime.now()
                try Self.runTracker(method, steps: steps, path: path)
                let processor = Int((ProcessorTime.now() - started) * 1e6)
                return figures(["peak": MemoryStatus.current()?.peakResident, "processorMicroseconds": processor])
            }
            return figures(["peak": MemoryStatus.current()?.peakResident])
        case .read(_, let path, let jumps):
            let reader = try JournalReader(path: path)
            let afterOpen = MemoryStatus.current()?.resident
            var generator = SeededGenerator(seed: 7)
            for _ in 0..<jumps {
                blackHole(try reader.state(at: Int.random(in: reader.header.firstStep...max(reader.header.firstStep, reader.lastStep),
                                                          using: &generator)))
            }
            return figures(["afterOpen": afterOpen, "afterJumps": MemoryStatus.current()?.resident,
                            "peak": MemoryStatus.current()?.peakResident])
        case .flight(let window, let steps, let path):
            var options = RecorderOptions()
            options.background = .ignore
            options.flight = .lastSteps(window, redaction: Redaction(), journal: URL(fileURLWithPath: path))
            let store = CounterFixture.app.makeStore()
            let recorder = try Recorder<CounterState, CounterAction>(
                journal: "unused.jsonl", app: "counter", initialState: store.state, options: options)
            var atWindow: Int?
            for step in 1...steps {
                let action = CounterFixture.action(step)
                recorder.actionInFlight(action)
                store.dispatch(action)
                recorder.record(action, state: store.state, site: nil)
                if step == window {
                    recorder.flush()
                    atWindow = MemoryStatus.current()?.resident
                }
            }
            recorder.flush()
            let atEnd = MemoryStatus.current()?.resident
            try recorder.dump(to: URL(fileURLWithPath: path))
            guard try JournalReader(path: path).lastStep == steps else {
                throw BenchmarkError.wrongResult(scenario: "flight", "the flight journal does not end with step \(steps).")
            }
            try recorder.close()
            return figures(["atWindow": atWindow, "atEnd": atEnd])
        }
    }

    /// Drives the tracker with its generator (seed 1) through a plain store, or records it as
    /// `statedbg record tracker` does.
    private static func runTracker(_ method: RecordingMethod, steps: Int, path: String) throws {
        guard method == .store else {
            var options = RecorderOptions()
            options.existingJournal = .replace
            _ = try TrackerApp.app.record(to: path, steps: steps, seed: 1, options: options, clock: { 0 }, acknowledged: nil)
            return
        }
        let store = TrackerApp.app.makeStore(initialState: TrackerApp.initialState)
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<steps { store.dispatch(TrackerApp.randomAction(for: store.state, using: &generator)) }
        blackHole(store.state)
    }

    private func figures(_ values: [String: Int?]) -> JSONValue {
        .object(JSONObject(values.compactMap { key, value in value.map { (key, JSONValue.integer(Int64($0))) } }))
    }
}
