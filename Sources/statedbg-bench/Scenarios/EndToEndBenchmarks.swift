import ExampleApps
import Foundation
import StateDebugger
import StateJSON
import StateEncoding
import StateJournal
import StateRecorder

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Scenario 8: the commands as a user runs them, measured from outside: the built `statedbg` is
/// spawned on a counter journal it recorded itself, so each figure counts process start, opening,
/// reading, reducing and hashing, not only an inner loop. Each row has its wall time and, since a
/// shared machine makes a process wait for a core, a second row with the child's processor time.
/// The journal has at least 200,000 steps (the full run 1,000,000), so that the rows measure
/// throughput rather than process start, which has a row of its own (`statedbg --version`).
///
/// The baselines are the paths the commands took before, run in this process on the same file:
/// `replay --verify --quiet` rebuilt and hashed every recorded state in one pass (two parses a line)
/// and then replayed in a second; `check` rebuilt every state with one read and parse a line.
struct EndToEndBenchmarks {
    let context: BenchmarkContext

    /// The counter journal's length: the scale's, but at least 200,000 steps, which the recorder writes in
    /// about 0.1 s; at 20,000 steps process start (about 10 ms) was a fifth of the verify row.
    private var steps: Int { max(context.scale.counterSteps, 200_000) }

    func run() throws -> [Measurement] {
        let steps = self.steps
        let label = "counter, \(NumberText.figure(Double(steps))) steps"
        guard let statedbg = Self.statedbgPath(nextTo: context.executable) else {
            let note = "statedbg is not built next to statedbg-bench; build both (swift build -c release) to measure the commands"
            return [Measurement(group: "end to end", name: "\(label): statedbg replay --verify --quiet", unit: .stepsPerSecond,
                                samples: nil, note: note)]
        }
        let journal = context.directory.file("e2e-counter.jsonl")
        context.progress("end to end: statedbg record counter --steps \(steps)")
        _ = try spawn(statedbg, ["record", "counter", "--steps", "\(steps)", "--fixed-clock", "-o", journal], expecting: 0)
        let app = try Self.counterApp()
        let repetitions = context.scale.recordingRepetitions

        context.progress("end to end: replay --verify --quiet, \(repetitions) runs, and the two-pass path in process")
        var replayWall: [Double] = [], replayProcessor: [Double] = []
        var oldWall: [Double] = [], oldProcessor: [Double] = []
        for _ in 0..<repetitions {
            let (wall, processor) = try timeInProcess { try Self.twoPassVerify(journal, app: app) }
            oldWall.append(Double(steps) / wall)
            oldProcessor.append(Double(steps) / processor)
            let run = try spawn(statedbg, ["replay", "--verify", "--quiet", journal], expecting: 0)
            replayWall.append(Double(steps) / run.wall)
            replayProcessor.append(Double(steps) / run.processor)
        }

        context.progress("end to end: check, clean and with every line damaged")
        let damaged = context.directory.file("e2e-counter-damaged.jsonl")
        try Self.damageEveryStepLine(of: journal, into: damaged)
        var checkWall: [Double] = [], checkProcessor: [Double] = []
        var oldCheckWall: [Double] = [], oldCheckProcessor: [Double] = []
        var damagedWall: [Double] = [], damagedProcessor: [Double] = []
        for _ in 0..<repetitions {
            let (wall, processor) = try timeInProcess { try Self.stepByStepCheck(journal) }
            oldCheckWall.append(Double(steps) / wall)
            oldCheckProcessor.append(Double(steps) / processor)
            let clean = try spawn(statedbg, ["check", journal], expecting: 0)
            checkWall.append(Double(steps) / clean.wall)
            checkProcessor.append(Double(steps) / clean.processor)
            let broken = try spawn(statedbg, ["check", damaged], expecting: 1)
            damagedWall.append(broken.wall * 1000)
            damagedProcessor.append(broken.processor * 1000)
        }
        let processorNote = "processor time of the process (all threads), which unlike the wall clock does not count waiting for a core"
        let startUp = try measureStartUp(statedbg, repetitions: max(5, repetitions))
        let damagedName = "\(label), every line damaged: statedbg check"
        let tracker = try TrackerCommandBenchmarks(commands: self, statedbg: statedbg).run()
        let users = try UsersCommandBenchmarks(commands: self, statedbg: statedbg).run()
        return tracker + users + startUp + [
            Measurement(group: "end to end", name: "\(label): statedbg replay --verify --quiet, wall", unit: .stepsPerSecond,
                        samples: Samples(replayWall), baselineName: "two passes, in process (before)", baseline: Samples(oldWall),
                        target: .atLeast(500_000), note: "spawned: process start, open, read, reduce, hash"),
            Measurement(group: "end to end", name: "\(label): statedbg replay --verify --quiet, processor", unit: .stepsPerSecond,
                        samples: Samples(replayProcessor), baselineName: "two passes, in process (before)",
                        baseline: Samples(oldProcessor), target: .atLeast(500_000), note: processorNote),
            Measurement(group: "end to end", name: "\(label): statedbg check, wall", unit: .stepsPerSecond,
                        samples: Samples(checkWall), baselineName: "a read and parse a line, in process (before)",
                        baseline: Samples(oldCheckWall), note: "spawned; also checks every action's tag against the app"),
            Measurement(group: "end to end", name: "\(label): statedbg check, processor", unit: .stepsPerSecond,
                        samples: Samples(checkProcessor), baselineName: "a read and parse a line, in process (before)",
                        baseline: Samples(oldCheckProcessor), note: processorNote),
            Measurement(group: "end to end", name: "\(damagedName), wall", unit: .milliseconds, samples: Samples(damagedWall),
                        target: steps >= 1_000_000 ? .below(5000) : nil,
                        note: "lists 20 problems and counts them all; before: 6 s wall and 1.9 s of processor at 1,000,000 lines (issue 21)"),
            Measurement(group: "end to end", name: "\(damagedName), processor", unit: .milliseconds,
                        samples: Samples(damagedProcessor), note: processorNote),
        ]
    }

    /// Process start as every command pays it: `statedbg --version`, which loads the binary and its
    /// libraries, registers the apps and parses the arguments, and does nothing else.
    private func measureStartUp(_ statedbg: String, repetitions: Int) throws -> [Measurement] {
        context.progress("end to end: statedbg --version, \(repetitions) runs")
        var wall: [Double] = [], processor: [Double] = []
        for _ in 0..<repetitions {
            let run = try spawn(statedbg, ["--version"], expecting: 0)
            wall.append(run.wall * 1000)
            processor.append(run.processor * 1000)
        }
        let note = "counted in every spawned row above and below; the rows' steps are many enough that it is a small part of them"
        return [
            Measurement(group: "end to end", name: "process start (statedbg --version), wall", unit: .milliseconds,
                        samples: Samples(wall), note: note),
            Measurement(group: "end to end", name: "process start (statedbg --version), processor", unit: .milliseconds,
                        samples: Samples(processor), note: "processor time of the process (all threads)"),
        ]
    }

    /// The `statedbg` built beside this executable, if there is one.
    static func statedbgPath(nextTo executable: String) -> String? {
        let path = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("statedbg").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// The example counter, the app `statedbg record counter` records.
    private static func counterApp() throws -> any RegisteredApp {
        guard let app = Examples.all.first(where: { $0.id == "counter" }) else {
            throw BenchmarkError.wrongResult(scenario: "end to end", "the example apps have no counter.")
        }
        return app
    }

    /// Runs `arguments`, its output discarded, and returns its wall and processor seconds.
    ///
    /// Spawned with `posix_spawn` and reaped with `wait4`, which also gives the child's own processor
    /// time: Foundation's `Process` learns of the exit by polling, which added tens of
    /// milliseconds to every wall time, as much as the process start it was meant to count.
    ///
    /// - Parameter toPipe: Whether standard output goes to a pipe that this process reads to the end (as
    ///   `statedbg replay FILE | less` would), rather than to `/dev/null`, which takes writes for free.
    func spawn(_ executable: String, _ arguments: [String], expecting status: Int32,
               toPipe: Bool = false) throws -> (wall: Double, processor: Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        if toPipe {
            guard pipe(&pipeEnds) == 0 else { throw BenchmarkError.io("cannot make a pipe: \(String(cString: strerror(errno)))") }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Safe because `argv` holds NUL-terminated copies that live until the deferred `free`, ending with a null
        // pointer, and the environment is this process's own.
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let start = ContinuousClock.now
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        if toPipe { close(pipeEnds[1]) }
        defer { if toPipe { close(pipeEnds[0]) } }
        guard spawned == 0 else {
            throw BenchmarkError.io("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        if toPipe { Self.drain(pipeEnds[0]) }
        var raw: Int32 = 0
        var usage = rusage()
        while wait4(pid, &raw, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkError.io("cannot wait for \(executable): \(String(cString: strerror(errno)))") }
        }
        let wall = (ContinuousClock.now - start).seconds
        // The exit status is the second byte of the wait status when the low 7 bits (the signal) are 0.
        let exited = raw & 0x7f == 0
        let terminationStatus = exited ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        guard exited, terminationStatus == status else {
            throw BenchmarkError.wrongResult(scenario: "end to end",
                                             "statedbg \(arguments.joined(separator: " ")) exited with \(terminationStatus), not \(status).")
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
        // Not `ru_maxrss`: on Linux it also counts the memory of this process, which the child shared
        // between the spawn and its exec.
        return (wall, seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    // Safe because the buffer is written only by `read`, within its count.
    /// Reads `descriptor` to its end, discarding what comes.
    private static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { continue }
            if count < 0, errno == EINTR { continue }
            return
        }
    }

    private func timeInProcess(_ body: () throws -> Void) throws -> (wall: Double, processor: Double) {
        let processorStart = ProcessorTime.now()
        let wall = try context.stopwatch.seconds(body)
        return (wall, ProcessorTime.now() - processorStart)
    }

    /// The path `replay --verify --quiet` took before: the journal opened twice (once to tell its
    /// format), every recorded state rebuilt and hashed reading each line twice, then the replay.
    private static func twoPassVerify(_ path: String, app: any RegisteredApp) throws {
        _ = try RecordingLoader.open(path: path)
        var options = JournalReader.Options()
        options.verifyHashes = false
        let source = try JournalSource(path: path, options: options)
        let fingerprinter = IncrementalFingerprinter(scheme: JournalFormat.fingerprintScheme)
        for step in (source.baseStep + 1)...source.lastStep {
            let record = try source.record(at: step)
            let state = try source.state(at: step)
            guard fingerprinter.fingerprint(state) == record.hash else {
                throw BenchmarkError.wrongResult(scenario: "end to end", "\(path): step \(step) does not have its recorded hash.")
            }
        }
        let report = try ReplayVerifier(source: source, app: app).verify()
        guard report.passed else { throw BenchmarkError.wrongResult(scenario: "end to end", "\(path) does not verify: \(report)") }
    }

    /// The path `check` took before for the states: every one rebuilt from a read and parse of its line.
    private static func stepByStepCheck(_ path: String) throws {
        var options = JournalReader.Options()
        options.lineProblemLimit = JournalCheck.defaultListLimit
        let (problems, _) = try JournalReader(path: path, options: options).validateCounting(limit: JournalCheck.defaultListLimit)
        guard problems.isEmpty else { throw BenchmarkError.wrongResult(scenario: "end to end", "\(path) has problems: \(problems[0])") }
    }

    /// Copies the journal with one hexadecimal digit of every step line's checksum changed, so that
    /// every step line is damaged and nothing else is.
    private static func damageEveryStepLine(of path: String, into damaged: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var lineStart = 0
        var isHeader = true
        for index in bytes.indices where bytes[index] == 0x0A {
            // `…,"crc":"hhhhhhhh"}` then the line feed: the last digit is 3 bytes before it.
            if !isHeader, index - lineStart > 20 {
                bytes[index - 3] = bytes[index - 3] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            }
            isHeader = false
            lineStart = index + 1
        }
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
    }
}
