import Foundation
import StateJournal
import StateRecorder
import StateSync
import Testing
import TestSupport

/// A flight recorder's crash handlers: a child process records 250 steps, then its reducer crashes in
/// one of the ways Swift apps crash. Each crash must leave a journal that reads whole, whose last step
/// is the one before the crash and whose action in flight is the crashing one, and the child must
/// still die of its own signal.
@Suite struct CrashJournalTests {
    /// How Swift's runtime stops a process on a failed check: `ud2` on x86-64, `brk` on arm64.
    static let trapSignal: (name: String, number: Int32) = {
        #if arch(x86_64)
        ("SIGILL", SIGILL)
        #else
        ("SIGTRAP", SIGTRAP)
        #endif
    }()

    /// A crash the probe's reducer makes, and the signal it dies of.
    struct Crash: CustomTestStringConvertible, Sendable {
        var kind: String
        var signals: [(name: String, number: Int32)]
        var testDescription: String { kind }
    }

    static let crashes: [Crash] = [
        Crash(kind: "fatalError", signals: [trapSignal]),
        Crash(kind: "precondition", signals: [trapSignal]),
        Crash(kind: "unwrap", signals: [trapSignal]),
        Crash(kind: "index", signals: [trapSignal]),
        Crash(kind: "stackOverflow", signals: [("SIGSEGV", SIGSEGV), ("SIGBUS", SIGBUS)]),
        Crash(kind: "badPointer", signals: [("SIGSEGV", SIGSEGV), ("SIGBUS", SIGBUS)]),
        Crash(kind: "abort", signals: [("SIGABRT", SIGABRT)]),
        Crash(kind: "fpe", signals: [("SIGFPE", SIGFPE)]),
    ]

    @Test(arguments: crashes)
    func aCrashLeavesAJournalEndingWithTheActionInFlightAndTheSignal(_ crash: Crash) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("crash.jsonl")
        let run = try CrashProbe.run(journal: path, steps: 250, kind: crash.kind)
        #expect(run.output == "recorded 250\n")
        #expect(run.reason == .uncaughtSignal, "the child died of a signal: \(run.status) \(run.errors)")
        let died = try #require(crash.signals.first { $0.number == run.status }, "the child died of signal \(run.status)")

        let reader = try JournalReader(path: path)
        #expect(reader.validate().isEmpty)
        #expect(reader.torn == nil)
        #expect(reader.lastStep == 250, "the last step is the one before the crash")
        #expect(reader.header.firstStep > 1 && reader.header.firstStep <= 151, "the last 100 steps (or a quarter more)")
        let events = reader.events.map(\.event)
        #expect(events.count == 2, "\(events)")
        guard case .actionInFlight(250, _, let action)? = events.first else {
            Issue.record("no action in flight: \(events)")
            return
        }
        #expect(action.label == "ProbeAction.crash(\"\(crash.kind)\")")
        guard case .crashed(250, let time, let signal, let number)? = events.last else {
            Issue.record("no crashed line: \(events)")
            return
        }
        #expect(signal == died.name && number == died.number)
        #expect(time > 1_700_000_000_000, "the crash's wall-clock time in milliseconds")
    }

    @Test func aCrashInTheActionsOwnEncodingLeavesTheJournalWithTheMarkerInItsPlace() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("crash.jsonl")
        let run = try CrashProbe.run(journal: path, steps: 250, kind: "encoderCrash")
        #expect(run.output == "recorded 250\n")
        #expect(run.reason == .uncaughtSignal && run.status == Self.trapSignal.number,
                "the child died of the reducer's signal, not the encoder's: \(run.status) \(run.errors)")
        let reader = try JournalReader(path: path)
        #expect(reader.validate().isEmpty)
        #expect(reader.lastStep == 250)
        let events = reader.events.map(\.event)
        guard events.count == 2, case .marker(250, _, JournalEvent.unencodedInFlightMarkerName) = events[0],
              case .crashed(250, _, Self.trapSignal.name, Self.trapSignal.number) = events[1] else {
            Issue.record("not a marker and a crashed line: \(events)")
            return
        }
    }

    @Test func aDumpWritesTheSameJournalEndingWithItsClosingLine() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("dump.jsonl")
        let run = try CrashProbe.run(journal: path, steps: 250, kind: "dump")
        #expect(run.reason == .exit && run.status == 0, "\(run.errors)")
        let reader = try JournalReader(path: path)
        #expect(reader.validate().isEmpty)
        #expect(reader.lastStep == 250)
        #expect(reader.closing?.event.after == 250)
        guard case .actionInFlight(250, _, let action)? = reader.events.last?.event else {
            Issue.record("no action in flight: \(reader.events)")
            return
        }
        #expect(action.label == "ProbeAction.crash(\"dump\")")
    }
}

/// Runs the `recorder-crash-probe` executable, built beside the tests, as a child process.
enum CrashProbe {
    struct NotBuilt: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "recorder-crash-probe was not found beside the tests; build it first (swift build). Looked in: \(searched.joined(separator: ", "))."
        }
    }

    /// Records `steps` steps into a flight recorder writing `journal`, then crashes as `kind` says.
    static func run(journal: String, steps: Int, kind: String)
        throws -> (reason: Process.TerminationReason, status: Int32, output: String, errors: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try locate())
        process.arguments = [journal, String(steps), kind]
        var environment = ProcessInfo.processInfo.environment
        // Swift's own crash backtracer takes seconds; the handler chains to it all the same.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["ASAN_OPTIONS"] = (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Both pipes are read before waiting, at the same time, so that neither fills up.
        let errorData = Locked(Data())
        let reading = Thread { errorData.withLock { $0 = errors.fileHandleForReading.readDataToEndOfFile() } }
        reading.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errorData.withLock({ $0.isEmpty }) && !reading.isFinished { usleep(1000) }
        return (process.terminationReason, process.terminationStatus, String(decoding: outputData, as: UTF8.self),
                String(decoding: errorData.withLock { $0 }, as: UTF8.self))
    }

    /// The executable in the products directory around the test runner.
    private static func locate() throws -> String {
        var searched: [String] = []
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("recorder-crash-probe").path
            searched.append(candidate)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        throw NotBuilt(searched: searched)
    }
}
