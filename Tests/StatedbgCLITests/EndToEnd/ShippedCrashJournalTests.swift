import Foundation
import StateJSON
import StateJournal
import Testing
import TestSupport

/// `Recordings/shopping-crash.jsonl`: the crash journal `statedbg record shopping --flight 20 --seed 9
/// --fixed-clock` writes as the shopping list's reducer crashes, and what `replay --verify` and `debug`
/// make of it. Refresh it with
///
///     STATEDBG_REGENERATE_RECORDINGS=1 swift test --filter ShippedCrashJournalTests
@Suite struct ShippedCrashJournalTests {
    static let file = "shopping-crash.jsonl"
    static let recordArguments = ["record", "shopping", "-o", file, "--flight", "20", "--seed", "9", "--fixed-clock"]

    private let statedbg: StatedbgProcess
    private let directory: TemporaryDirectory

    init() throws {
        statedbg = try StatedbgProcess.locate()
        directory = try TemporaryDirectory()
    }

    static var shipped: String {
        DocumentationExampleTests.packageRoot.appendingPathComponent("Recordings").appendingPathComponent(file).path
    }

    /// The journal's lines, the `crashed` line cut before its `time` (and so its `crc`): the handler
    /// stamps the crash with the wall clock, which no seed fixes. Every other time comes from
    /// `--fixed-clock`, read once per call on the app's thread however busy the machine is.
    static func comparableLines(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").map { line in
            guard line.hasPrefix(#"{"event":"crashed""#), let time = line.range(of: #","time":"#) else { return String(line) }
            return String(line[..<time.lowerBound])
        }
    }

    @Test func recordWithFlightWritesTheShippedCrashJournalAndSaysTheAppCrashed() throws {
        let result = try statedbg.run(Self.recordArguments, in: directory.path)
        #expect(result.status == 1)
        #expect(result.output == """
            recorded 49 steps of shopping in flight mode, keeping the last 24 (steps 26 to 49); then the app crashed running step 50 (shopping.toggleSelected): SIGILL (Fatal error: Index out of range)
            shopping-crash.jsonl is the crash journal; 'statedbg replay shopping-crash.jsonl --verify' reproduces the crash

            """)
        #expect(result.error == "")
        let fresh = directory.file(Self.file)
        if ProcessInfo.processInfo.environment["STATEDBG_REGENERATE_RECORDINGS"] == "1" {
            try? FileManager.default.removeItem(atPath: Self.shipped)
            try FileManager.default.copyItem(atPath: fresh, toPath: Self.shipped)
        }
        #expect(try Self.comparableLines(fresh) == Self.comparableLines(Self.shipped),
                "Recordings/\(Self.file) is not what \(Self.recordArguments.joined(separator: " ")) writes today; if the change is intended, run STATEDBG_REGENERATE_RECORDINGS=1 swift test --filter ShippedCrashJournalTests")
    }

    @Test func replayVerifyReproducesTheShippedCrash() throws {
        try FileManager.default.copyItem(atPath: Self.shipped, toPath: directory.file(Self.file))
        let result = try statedbg.run(["replay", Self.file, "--verify", "--quiet"], in: directory.path)
        #expect(result.status == 1)
        #expect(result.output == """
            schema: compatible: the recording's state and action types match the current code
            verified 24 steps: every state matches
            shopping-crash.jsonl:26: step 50 (shopping.toggleSelected) crashes the reducer: SIGILL (Fatal error: Index out of range)
            to stop in the reducer there: lldb -- \(statedbg.path) debug shopping-crash.jsonl 50, or gdb --args \(statedbg.path) debug shopping-crash.jsonl 50

            """)
        let check = try statedbg.run(["check", Self.file], in: directory.path)
        #expect(check.status == 0)
        #expect(check.output == "shopping-crash.jsonl: no problems in 24 steps.\n")
    }

    @Test func replayVerifySaysAnActionInFlightThatWasNotEncodedCannotBeReproduced() throws {
        // The shipped journal as a crash that beat the encoder would have left it: a marker in place of
        // its actionInFlight line.
        var marker: [UInt8] = []
        JournalEvent.marker(after: 49, time: 1_767_225_649_000, name: JournalEvent.unencodedInFlightMarkerName).write(to: &marker)
        let lines = try String(contentsOfFile: Self.shipped, encoding: .utf8).split(separator: "\n").map { line in
            line.hasPrefix(#"{"event":"actionInFlight""#) ? String(decoding: marker.dropLast(), as: UTF8.self) : String(line)
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: directory.file(Self.file), atomically: true, encoding: .utf8)
        let result = try statedbg.run(["replay", Self.file, "--verify", "--quiet"], in: directory.path)
        #expect(result.status == 0)
        #expect(result.output == """
            schema: compatible: the recording's state and action types match the current code
            verified 24 steps: every state matches
            shopping-crash.jsonl:26: step 50, the action in flight when the app died of SIGILL, was not encoded before the journal was written (action in flight not encoded), so the crash cannot be reproduced; the steps before it are whole

            """)
        let strict = try statedbg.run(["replay", Self.file, "--verify", "--quiet", "--strict"], in: directory.path)
        #expect(strict.status == 1)
        let json = try statedbg.run(["replay", Self.file, "--verify", "--quiet", "--json"], in: directory.path)
        #expect(json.output.contains(#""crash":{"encoded":false,"inFlight":null,"recordedSignal":"SIGILL","step":50}"#), "\(json.output)")
        let check = try statedbg.run(["check", Self.file], in: directory.path)
        #expect(check.status == 0)
        #expect(check.output == "shopping-crash.jsonl: no problems in 24 steps.\n")
    }

    @Test func recordWithFlightAndAFixedClockWritesTheSameBytesEveryTime() throws {
        var journals: [Data] = []
        for run in 1...3 {
            let name = "calm-\(run).jsonl"
            let result = try statedbg.run(["record", "shopping", "-o", name, "--flight", "8", "--seed", "1", "--steps", "400", "--fixed-clock"],
                                          in: directory.path)
            #expect(result.status == 0, "\(result.error)")
            journals.append(try Data(contentsOf: URL(fileURLWithPath: directory.file(name))))
        }
        #expect(journals.allSatisfy { $0 == journals[0] }, "a segment every 2 steps: the writer makes 200 headers, and reads no clock for them")
    }

    @Test func recordWithFlightThatEndsWithoutACrashKeepsTheLastSteps() throws {
        let result = try statedbg.run(["record", "shopping", "-o", "calm.jsonl", "--flight", "20", "--seed", "1", "--steps", "100", "--fixed-clock"],
                                      in: directory.path)
        #expect(result.status == 0)
        #expect(result.output == "recorded 100 steps of shopping to calm.jsonl, keeping the last 20 in flight mode (steps 81 to 100)\n")
        let reader = try JournalReader(path: directory.file("calm.jsonl"))
        #expect(reader.header.firstStep == 81)
        #expect(reader.lastStep == 100)
        #expect(reader.validate().isEmpty)
    }

    @Test func recordWithFlightAndJSONSaysWhatTheFileKeepsAndTheCrash() throws {
        let crash = try statedbg.run(["record", "shopping", "-o", "c.jsonl", "--flight", "5", "--seed", "9", "--json"], in: directory.path)
        #expect(crash.status == 1)
        var line = try JSONValue(parsing: crash.output.trimmingCharacters(in: .newlines))
        // The window keeps at least the last 5 steps; how many more is the flight recorder's to say.
        let first = try #require(line["kept"]?["first"]?.int64Value)
        #expect(first >= 39 && first <= 45)
        line = try JSONValue(parsing: crash.output.replacingOccurrences(of: #""first":\#(first),"#, with: #""first":45,"#))
        #expect(line == [
            "app": "shopping", "interrupted": false, "kept": ["first": 45, "last": 49], "output": "c.jsonl", "rejected": nil, "steps": 49,
            "crash": [
                "inFlight": ["step": 50, "action": CrashJournalFixture.toggleSelected.jsonValue],
                "message": "Fatal error: Index out of range", "signal": "SIGILL",
            ],
        ])
        let none = try statedbg.run(["record", "counter", "-o", "n.jsonl", "--flight", "5", "--steps", "0", "--json"], in: directory.path)
        #expect(none.status == 0)
        #expect(none.output == #"{"app":"counter","crash":null,"interrupted":false,"kept":null,"output":"n.jsonl","rejected":0,"steps":0}"# + "\n")
    }

    @Test func recordWithFlightRefusesAWindowOfNoSteps() throws {
        let result = try statedbg.run(["record", "shopping", "-o", "x.jsonl", "--flight", "0"], in: directory.path)
        #expect(result.status == 64)
        #expect(!FileManager.default.fileExists(atPath: directory.file("x.jsonl")))
    }

    /// gdb runs `statedbg debug` on the step in flight: the trap before the reducer stops it first, and
    /// continuing, the reducer's crash stops it in the shopping list's reducer, under the call site.
    @Test(.enabled(if: DebugCommandTests.gdb != nil || DebugCommandTests.gdbIsRequired), .timeLimit(.minutes(2)))
    func underGDBDebugStopsAtTheStepInFlightAndThenAtTheCrashInTheReducer() throws {
        let gdb = try #require(DebugCommandTests.gdb, "STATEDBG_REQUIRE_GDB=1, but gdb is not installed")
        try FileManager.default.copyItem(atPath: Self.shipped, toPath: directory.file(Self.file))
        let run = try DebugCommandTests.runBounded(gdb, ["-nx", "-batch", "-ex", "run", "-ex", "continue", "-ex", "bt",
                                                         "--args", statedbg.path, "debug", Self.file, "50"],
                                                   in: directory.path, seconds: 90)
        let lines = run.output.split(separator: "\n")
        #expect(lines.contains { $0.contains("Program received signal SIGTRAP") }, "\(run.output)")
        #expect(lines.contains { $0.contains("Program received signal SIGILL") }, "\(run.output)")
        #expect(lines.contains { $0.hasPrefix("#") && $0.contains("ShoppingApp") }, "no frame of the shopping list's reducer in:\n\(run.output)")
        #expect(lines.contains { $0.hasPrefix("#") && $0.contains("ReducerCallSite") })
        #expect(run.output.contains("statedbg: stopping in ReducerCallSite.callReducer before the reducer runs step 50"))
    }

    /// gdb runs `statedbg replay --verify --in-process`: the steps verify, and the crash of the action in
    /// flight stops it in the shopping list's reducer.
    @Test(.enabled(if: DebugCommandTests.gdb != nil || DebugCommandTests.gdbIsRequired), .timeLimit(.minutes(2)))
    func underGDBReplayInProcessStopsAtTheCrashInTheReducer() throws {
        let gdb = try #require(DebugCommandTests.gdb, "STATEDBG_REQUIRE_GDB=1, but gdb is not installed")
        try FileManager.default.copyItem(atPath: Self.shipped, toPath: directory.file(Self.file))
        let run = try DebugCommandTests.runBounded(gdb, ["-nx", "-batch", "-ex", "run", "-ex", "bt",
                                                         "--args", statedbg.path, "replay", Self.file, "--verify", "-q", "--in-process"],
                                                   in: directory.path, seconds: 90)
        let lines = run.output.split(separator: "\n")
        #expect(lines.contains("verified 24 steps: every state matches"), "\(run.output)")
        #expect(lines.contains { $0.contains("received signal SIGILL") || $0.contains("received signal SIGTRAP") }, "\(run.output)")
        #expect(lines.contains { $0.hasPrefix("#") && $0.contains("ShoppingApp") && $0.contains("reducer") }, "no frame of the reducer in:\n\(run.output)")
    }
}
