import Foundation
import Testing
import TestSupport

/// `statedbg debug FILE STEP`, run as a user runs it: alone, and under gdb, which must stop in the frame
/// that calls the reducer.
@Suite struct DebugCommandTests {
    private let statedbg: StatedbgProcess
    private let directory: TemporaryDirectory

    init() throws {
        statedbg = try StatedbgProcess.locate()
        directory = try TemporaryDirectory()
        let recordings = DocumentationExampleTests.packageRoot.appendingPathComponent("Recordings")
        for name in ["bank.jsonl", "search-tca.jsonl", "counter.jsonl"] {
            try FileManager.default.copyItem(atPath: recordings.appendingPathComponent(name).path, toPath: directory.file(name))
        }
    }

    private func run(_ arguments: String...) throws -> StatedbgProcess.Result {
        try statedbg.run(arguments, in: directory.path)
    }

    @Test func withoutADebuggerTheStepRunsPrintsItsDiffAndSaysHowToAttachOne() throws {
        let result = try run("debug", "bank.jsonl", "7")
        #expect(result.status == 0)
        #expect(result.output == """
            step 7  bank.pay(from: jenny, to: donald, amount: 20)
                {
              -   "donald": 52,
              +   "donald": 72,
              -   "jenny": 22
              +   "jenny": 2
                }
            step 7: the current reducer makes the recorded state

            """)
        #expect(result.error == """
            statedbg: note: no debugger is attached, so step 7 runs without stopping; to stop in the reducer, run it under one: lldb -- \(statedbg.path) debug bank.jsonl 7, or gdb --args \(statedbg.path) debug bank.jsonl 7

            """)
    }

    @Test func aNegativeStepCountsFromTheEnd() throws {
        let result = try run("debug", "counter.jsonl", "-1")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("step 30  counter.decrease\n"))
        #expect(result.error.contains("debug counter.jsonl 30,"))
    }

    @Test func aStepOutOfRangeNamesTheRange() throws {
        for step in ["0", "51"] {
            let result = try run("debug", "bank.jsonl", step)
            #expect(result.status == 64)
            #expect(result.output == "")
            #expect(result.error == "statedbg: error: bank.jsonl: there is no step \(step); the steps are 1 to 50.\n")
        }
    }

    @Test func aStepRecordedWithoutCodableIsRefusedSayingWhy() throws {
        let result = try run("debug", "search-tca.jsonl", "3")
        #expect(result.status == 65)
        #expect(result.output == "")
        #expect(result.error == """
            statedbg: error: search-tca.jsonl:4: step 3 cannot be replayed: action TCASearchApp.Search.Action.queryChanged was recorded without Codable, so it cannot be replayed.

            """)
    }

    @Test func aMissingFileOrStepIsAnError() throws {
        let missing = try run("debug", "nosuch.jsonl", "3")
        #expect(missing.status == 66)
        #expect(missing.error == "statedbg: error: nosuch.jsonl: no such file.\n")
        let noStep = try run("debug", "bank.jsonl")
        #expect(noStep.status == 64)
        #expect(noStep.error.hasPrefix("statedbg: error: Missing expected argument '<step>'."))
        let notANumber = try run("debug", "bank.jsonl", "seven")
        #expect(notANumber.status == 64)
    }

    /// gdb, when installed (`.ci/run` installs it and sets `STATEDBG_REQUIRE_GDB=1`, making its absence a failure).
    static var gdb: String? {
        ChildProcess.onPath("gdb") ?? (FileManager.default.isExecutableFile(atPath: "/usr/bin/gdb") ? "/usr/bin/gdb" : nil)
    }

    static var gdbIsRequired: Bool { ProcessInfo.processInfo.environment["STATEDBG_REQUIRE_GDB"] == "1" }

    /// gdb in batch mode runs statedbg, stops at the trap and prints the stack: the reducer's call site
    /// is there, with the state and the action as its arguments.
    @Test(.enabled(if: gdb != nil || gdbIsRequired), .timeLimit(.minutes(2)))
    func underGDBTheTrapStopsInTheFrameThatCallsTheReducer() throws {
        let gdb = try #require(Self.gdb, "STATEDBG_REQUIRE_GDB=1, but gdb is not installed")
        let run = try Self.runBounded(gdb, ["-nx", "-batch", "-ex", "run", "-ex", "bt", "--args", statedbg.path, "debug", "bank.jsonl", "7"],
                                      in: directory.path, seconds: 90)
        let lines = run.output.split(separator: "\n")
        #expect(lines.contains { $0.contains("Program received signal SIGTRAP") }, "\(run.output)")
        let frame = lines.first { $0.hasPrefix("#") && $0.contains("ReducerCallSite") && $0.contains("ReducerCallSite.swift:") }
        #expect(frame != nil, "no frame of ReducerCallSite in:\n\(run.output)")
        #expect(frame?.contains("state=") == true && frame?.contains("action=") == true)
        #expect(lines.contains { $0.hasPrefix("#") && $0.contains("DebugCommand") })
        #expect(run.output.contains("statedbg: stopping in ReducerCallSite.callReducer before the reducer runs step 7"))
        // The step had not run: nothing was printed to standard output before the stop.
        #expect(!run.output.contains("step 7  bank.pay"))
    }

    /// Runs `executable` with standard input empty (gdb must not wait for a terminal) and standard
    /// output and error joined, killing it after `seconds`: a debugger that hangs fails the test rather
    /// than holding the run.
    static func runBounded(_ executable: String, _ arguments: [String], in directory: String,
                           seconds: Int) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let pipe = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = pipe
        process.standardError = pipe
        // The test's thread blocks most signals, and a child inherits the mask: gdb with SIGCHLD blocked
        // never hears that its child stopped. The child starts with none blocked, as from a shell.
        var previous = sigset_t()
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds), execute: watchdog)
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
