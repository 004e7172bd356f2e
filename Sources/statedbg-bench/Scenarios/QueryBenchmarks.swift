import Foundation
import StateDebugger
import StateJSON
import StateJournal
import StateQuery

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Scenario 6: StateDebugger's `bisect`, `changes` and `log`, through the index (``RecordingQuery``,
/// the baseline) and in one pass over the file (``JournalSearch``, what the commands use), on the
/// recording scenario's journals and on a long journal written for the purpose.
struct QueryBenchmarks {
    let context: BenchmarkContext
    let journals: RecordedJournals

    /// Steps of the long journal: 10 M in the full run, as in the issue.
    private var longSteps: Int { context.scale.counterSteps >= 1_000_000 ? 10_000_000 : 50_000 }
    /// Steps of the long journal's baseline, which keeps every result in memory: 1 M in the full run.
    private var baselineSteps: Int { longSteps / 10 }

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
        let linearIndexed = try time { () throws(DebuggerError) in
            let report = try RecordingQuery(source: try JournalSource(path: journals.counter)).bisect(predicate, linear: true)
            return (report.step == expected, "bisect --linear found step \(report.step.map(String.init) ?? "none"), not \(expected)")
        }
        let linearStreamed = try time { () throws(DebuggerError) in
            let report = try JournalSearch(path: journals.counter).bisectLinear(predicate)
            return (report.step == expected, "the one-pass bisect found step \(report.step.map(String.init) ?? "none"), not \(expected)")
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
        let usersStreamed = try time { () throws(DebuggerError) in
            let report = try JournalSearch(path: journals.users).changes(of: userPath)
            return (report.stepsSkipped > 0, "the one-pass changes skipped no step of the users journal")
        }
        let opened = "JournalSource opened each time"
        var rows = [
            Measurement(group: "queries", name: "bisect (binary) on the counter journal, \(steps) steps", unit: .milliseconds,
                        samples: bisect, note: "predicate .count >= \(threshold), first true at step \(expected); \(opened)"),
            Measurement(group: "queries", name: "bisect --linear on the counter journal, \(steps) steps", unit: .milliseconds,
                        samples: linearStreamed, baselineName: "through the index", baseline: linearIndexed,
                        note: "one pass over the file, every state rebuilt; first true at step \(expected)"),
            Measurement(group: "queries", name: "changes of .count on the counter journal, \(steps) steps (all change)",
                        unit: .milliseconds, samples: counterChanges, note: opened),
            Measurement(group: "queries", name: "changes of .users[0].age on the \(context.scale.users)-user journal, "
                            + "\(journals.usersSteps) steps", unit: .milliseconds, samples: usersStreamed,
                        baselineName: "through the index", baseline: usersChanges,
                        note: "one pass; steps whose patch cannot touch the path are skipped"),
        ]
        rows.append(checksumRow())
        rows += try longJournalRows()
        return rows
    }

    /// CRC-32C throughput on journal-line-sized and block-sized buffers: the processor's instructions
    /// (what every line is checked with where they exist) against the portable slicing-by-16 tables.
    private func checksumRow() -> Measurement {
        context.progress("queries: CRC-32C, hardware and tables")
        // Lengths of journal lines (a counter line is ~200 bytes, a users patch ~300) and of long ones.
        let lengths = [64, 200, 300, 1000, 4096, 65_536]
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 11) }
        var sink: UInt32 = 0
        // Safe because every slice handed to the checksum lies inside `bytes`, whose buffer lives through the closure.
        let (tables, hardware) = bytes.withUnsafeBytes { raw in
            func pass(_ update: (inout CRC32C, UnsafeRawBufferPointer) -> Void) {
                for length in lengths {
                    var offset = 0
                    while offset + length <= raw.count {
                        var crc = CRC32C()
                        update(&crc, UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + length)]))
                        sink ^= crc.value
                        offset += length + 1
                    }
                }
            }
            return Stopwatch(countsProcessorTime: true).perCallPair(
                repetitions: context.scale.repetitions, budget: context.scale.budget,
                baseline: { pass { $0.updateWithTables($1) } }, subject: { pass { $0.update($1) } })
        }
        blackHole(sink)
        let perPass = Double(lengths.reduce(0) { total, length in total + (bytes.count / (length + 1)) * length })
        func rate(_ seconds: Samples) -> Samples { seconds.map { perPass / $0 / 1e9 } }
        return Measurement(group: "queries", name: "CRC-32C: hardware vs Swift slicing-by-16", unit: .gigabytesPerSecond,
                           samples: rate(hardware), baselineName: "Swift slicing-by-16", baseline: rate(tables),
                           note: CRC32C.isHardwareAccelerated
                               ? "buffers of \(lengths.map(String.init).joined(separator: ", ")) bytes, processor time"
                               : "this processor has no CRC-32C instructions: both sides are the tables")
    }

    /// `changes` and `log` on a journal of `longSteps` steps whose `.flag` changes every 100,000 steps.
    private func longJournalRows() throws -> [Measurement] {
        let long = context.directory.file("queries-long.jsonl")
        let short = context.directory.file("queries-baseline.jsonl")
        context.progress("queries: writing a \(longSteps)-step journal")
        try Self.writeFlagJournal(steps: longSteps, to: long)
        try Self.writeFlagJournal(steps: baselineSteps, to: short)
        defer {
            context.directory.delete(long)
            context.directory.delete(short)
        }
        let flag = try parse { () throws(JSONPathParseError) in try JSONPath(parsing: ".flag") }
        let flagChanges = longSteps / Self.flagPeriod

        context.progress("queries: changes of .flag, one pass, \(longSteps) steps")
        // Processor time, like the open row: on a shared machine the wall clock also counts waiting for a core.
        let streamed = try rate(steps: longSteps, processorTime: true) { () throws(DebuggerError) in
            let report = try JournalSearch(path: long).changes(of: flag)
            return (report.changeCount == flagChanges, "the one-pass changes found \(report.changeCount) changes of .flag, not \(flagChanges)")
        }
        // The wall clock too: a journal this large is read ahead on a second thread, whose time the
        // processor time of the searching thread leaves out.
        let streamedWall = try rate(steps: longSteps) { () throws(DebuggerError) in
            let report = try JournalSearch(path: long).changes(of: flag)
            return (report.changeCount == flagChanges, "the one-pass changes found \(report.changeCount) changes of .flag, not \(flagChanges)")
        }
        context.progress("queries: changes of .flag through the index, \(baselineSteps) steps")
        let indexed = try rate(steps: baselineSteps, processorTime: true) { () throws(DebuggerError) in
            let report = try RecordingQuery(source: try JournalSource(path: short)).changes(of: flag)
            return (report.changeCount == baselineSteps / Self.flagPeriod, "changes found \(report.changeCount) changes of .flag")
        }
        var rows = [
            Measurement(group: "queries", name: "changes of .flag, \(longSteps) steps, 1 in 100,000 changes it", unit: .stepsPerSecond,
                        samples: streamed, baselineName: "through the index, \(baselineSteps) steps", baseline: indexed,
                        target: .atLeast(10_000_000),
                        note: "one pass, processor time of the searching thread: patch lines that cannot name .flag, and keyframes whose .flag has the bytes of the last keyframe parsed, are not parsed"),
            Measurement(group: "queries", name: "changes of .flag, \(longSteps) steps, wall clock", unit: .stepsPerSecond,
                        samples: streamedWall, target: .atLeast(10_000_000),
                        note: "the same search by the wall clock: the file is read, split into lines and checksummed ahead on a second thread"),
        ]
        let statedbg = URL(fileURLWithPath: context.executable).deletingLastPathComponent().appendingPathComponent("statedbg").path
        guard FileManager.default.isExecutableFile(atPath: statedbg) else {
            context.progress("queries: no statedbg next to the benchmark (build it), so no memory rows")
            return rows
        }
        context.progress("queries: peak memory of statedbg changes and log, \(longSteps) and \(baselineSteps) steps")
        // The bisect predicate never holds (exit status 1), so the search reads every step: its most memory.
        let commands: [(name: String, arguments: [String], status: Int32)] = [
            ("statedbg changes FILE .flag", ["changes", "FILE", ".flag"], 0),
            ("statedbg log FILE", ["log", "FILE"], 0),
            ("statedbg bisect FILE '.flag < 0' --linear --json", ["bisect", "FILE", ".flag < 0", "--linear", "--json"], 1),
        ]
        for (name, arguments, status) in commands {
            let peak = try Self.peakMegabytes(statedbg, arguments.map { $0 == "FILE" ? long : $0 }, expecting: status)
            let baseline = try Self.peakMegabytes(statedbg, arguments.map { $0 == "FILE" ? short : $0 }, expecting: status)
            rows.append(Measurement(group: "queries", name: "\(name): peak memory at \(longSteps) steps", unit: .megabytes,
                                    samples: Samples([peak]), baselineName: "the same at \(baselineSteps) steps",
                                    baseline: Samples([baseline]), target: .below(100),
                                    note: "a fresh process; output to /dev/null"))
        }
        return rows
    }

    private static let flagPeriod = 100_000

    /// A journal of `{"count": n, "flag": n / 100,000, "name": …}` with the writer's default keyframe
    /// interval; the name makes the state larger than a patch, so the steps between keyframes are patches.
    private static func writeFlagJournal(steps: Int, to path: String) throws {
        let name = JSONValue.string(String(repeating: "statedbg ", count: 20))
        let initial: JSONValue = ["count": 0, "flag": 0, "name": name]
        let header = JournalHeader(tool: JournalFormat.tool, app: "bench", stateType: "Bench.State", actionType: "Bench.Action",
                                   schema: .object(JSONObject()), schemaHash: "0000000000000000", created: "2026-01-01T00:00:00.000Z",
                                   initialState: initial, hash: StateFingerprint.of(initial, scheme: JournalFormat.fingerprintScheme))
        let builder = JournalBuilder(header: header, policy: KeyframePolicy(interval: 4096, smallStateBytes: 0))
        let action = JournalAction(type: "bench.tick", label: "bench.tick", payload: .null).jsonValue.serialized(.canonical)
        guard let handle = FileHandle(forWritingAtPath: path) ?? {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)
        }() else { throw BenchmarkError.io("cannot write \(path)") }
        defer { try? handle.close() }
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for step in 1...steps {
            let state: JSONValue = ["count": .integer(Int64(step)), "flag": .integer(Int64(step / flagPeriod)), "name": name]
            builder.appendStep(actionBytes: action, state: state, time: Int64(step), into: &bytes)
            if bytes.count > 1 << 22 {
                try handle.write(contentsOf: bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: bytes)
    }

    /// The peak resident memory of `executable arguments` run to the end with its output discarded, which
    /// must exit with status `expected`:
    /// the child's own `VmHWM`, sampled every 2 ms until it exits (its `ru_maxrss` would count the
    /// memory of this process, which it starts as a copy of).
    private static func peakMegabytes(_ executable: String, _ arguments: [String], expecting expected: Int32) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw BenchmarkError.io("cannot start \(executable): \(error.localizedDescription)")
        }
        let status = "/proc/\(process.processIdentifier)/status"
        var peak = 0.0
        while process.isRunning {
            if let text = try? String(contentsOfFile: status, encoding: .utf8),
               let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") {
                peak = max(peak, kilobytes / 1024)
            }
            usleep(2000)
        }
        process.waitUntilExit()
        guard process.terminationStatus == expected else {
            throw BenchmarkError.wrongResult(scenario: "queries", "`statedbg \(arguments.joined(separator: " "))` exited with status \(process.terminationStatus).")
        }
        return peak
    }

    /// Steps per second of a query over `steps` steps, which also says whether it found the right answer.
    private func rate(steps: Int, processorTime: Bool = false,
                      _ query: () throws(DebuggerError) -> (correct: Bool, problem: String)) throws -> Samples {
        try time(processorTime: processorTime, query).map { milliseconds in Double(steps) / (milliseconds / 1000) }
    }

    /// Milliseconds per run of a query (wall clock, or the thread's processor time), which also says
    /// whether it found the right answer.
    private func time(processorTime: Bool = false,
                      _ query: () throws(DebuggerError) -> (correct: Bool, problem: String)) throws -> Samples {
        let stopwatch = processorTime ? Stopwatch(countsProcessorTime: true) : context.stopwatch
        var times: [Double] = []
        for _ in 0..<context.scale.recordingRepetitions {
            var outcome: (correct: Bool, problem: String) = (false, "")
            do {
                let seconds = try stopwatch.seconds { outcome = try query() }
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
