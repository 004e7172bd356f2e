#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import Testing

/// `break … --trap` in a session attached to a running app: the app traps only where a debugger is
/// attached to it, and says what became of each trap.
@Suite(.serialized) struct LiveTrapTests {
    private let binary: StatedbgProcess
    private let directory: TemporaryDirectory
    private let socket: String

    init() throws {
        binary = try StatedbgProcess.locate()
        directory = try TemporaryDirectory()
        socket = directory.file("app.sock")
    }

    private func attach(_ commands: String) throws -> StatedbgProcess.Result {
        try binary.run(["attach", socket, "-c", commands], in: directory.path)
    }

    /// A trap the app met counts as a hit of its breakpoint, skipped or not, as a stop of `continue` does.
    @Test func withoutADebuggerTheAppSkipsTheTrapSaysSoAndLivesOn() throws {
        let app = try ServedApp(binary, ["counter", "-o", "app.jsonl", "--interval", "0", "--socket", socket], in: directory.path)
        let increase = #"app dispatch counter.increase {"increase":{}}"#
        let result = try attach("break action counter.inc* --trap; \(increase); \(increase); info breakpoints; delete 1; \(increase); app status")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == """
            attached to counter (pid \(app.pid)) at \(socket): 0 steps so far; dispatch, verify and in-app travel work; skip and minimize do not work: the app has recorded no step yet; 'app help' lists the commands that act on the app
            breakpoint 1: action counter.inc*
            trap 1 set in the app: action counter.inc*
            app: breakpoint 1 (action counter.inc*) was met at step 1, but the trap was skipped because no debugger is attached to the app (pid \(app.pid)); attach one (Xcode: Debug > Attach to Process, lldb -p \(app.pid), gdb -p \(app.pid)) to stop there
            app: step 1 arrived (1 new)
            the app dispatched counter.increase; its last step is 1
            app: breakpoint 1 (action counter.inc*) was met at step 2; the trap was skipped (no debugger is attached)
            app: step 2 arrived (1 new)
            the app dispatched counter.increase; its last step is 2
            Num  Type        Enb  Hits  What
            1    breakpoint  y    2     action counter.inc* --trap
            deleted breakpoint 1 (action counter.inc* --trap)
            trap 1 removed
            app: step 3 arrived (1 new)
            the app dispatched counter.increase; its last step is 3
            app counter (pid \(app.pid)) at \(socket): running, at step 3 of 3; 1 debugger(s) attached; the timeline here has 3 steps

            """)
        #expect(app.process.isRunning)
        _ = app.stop()
    }

    @Test func trapNeedsAnAttachedApp() throws {
        let recording = directory.file("w.jsonl")
        try WalletFixture.record(to: recording)
        let notAttached = try binary.run(["repl", recording, "-c", "break when .balance < 0 --trap"], in: directory.path)
        #expect(notAttached.status == 1)
        #expect(notAttached.error == "statedbg: error: command 1: --trap sets the breakpoint in a running app: attach to one first (statedbg attach PID).\n")
    }

    /// gdb attached to `statedbg serve counter` (`gdb -p PID`) sees the app trap on its dispatching
    /// thread, in the recorder's `trapIfMet`, after the step that makes the predicate true.
    @Test(.enabled(if: DebugCommandTests.gdb != nil || DebugCommandTests.gdbIsRequired), .timeLimit(.minutes(2)))
    func aDebuggerAttachedToTheAppStopsItAtTheTrap() throws {
        let gdb = try #require(DebugCommandTests.gdb, "STATEDBG_REQUIRE_GDB=1, but gdb is not installed")
        let app = try ServedApp(binary, ["counter", "-o", "app.jsonl", "--interval", "0", "--socket", socket], in: directory.path)
        let log = directory.file("gdb.log")
        // gdb continues the app, stops at the trap, prints the stack and detaches, leaving the app running.
        let debugger = try GDBAttachment(gdb: gdb, pid: app.pid, log: log, in: directory.path)
        #expect(debugger.waitUntilTracing(app.pid), "gdb never attached: \(debugger.output())")
        let increase = #"app dispatch counter.increase {"increase":{}}"#
        let result = try attach("break when .counter > 1 --trap; \(increase); \(increase); app status; info breakpoints")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("app: breakpoint 1 (when .counter > 1) trapped at step 2: the debugger attached to the app (pid \(app.pid)) stopped it on its dispatching thread"),
                "\(result.output)")
        // The trap is a hit of its breakpoint.
        #expect(result.output.hasSuffix("""
            Num  Type        Enb  Hits  What
            1    breakpoint  y    1     when .counter > 1 --trap

            """), "\(result.output)")
        let output = debugger.finish()
        let frames = output.split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(output.contains("received signal SIGTRAP"), "\(output)")
        #expect(frames.contains { $0.contains("trapIfMet") && $0.contains("RecorderLiveChannel.swift") }, "\(output)")
        #expect(frames.contains { $0.contains("RecordingStore") && $0.contains("dispatch") }, "\(output)")
        #expect(app.process.isRunning, "the app died: \(output)")
        _ = app.stop()
    }
}

/// `gdb -p PID -batch -ex continue -ex bt`, as a child process whose output goes to a file, killed
/// after a minute at most.
private final class GDBAttachment {
    private let process = Process()
    private let log: String

    init(gdb: String, pid: Int32, log: String, in directory: String) throws {
        self.log = log
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.executableURL = URL(fileURLWithPath: gdb)
        process.arguments = ["-nx", "-batch", "-ex", "continue", "-ex", "bt", "-p", String(pid)]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = file
        process.standardError = file
        // As in DebugCommandTests: gdb must not inherit the test thread's blocked signals.
        var previous = sigset_t()
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
        let process = process
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(60)) { if process.isRunning { process.terminate() } }
    }

    /// Waits up to 30 seconds for gdb to trace `pid`.
    func waitUntilTracing(_ pid: Int32) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("TracerPid:") }),
               line.dropFirst("TracerPid:".count).trimmingCharacters(in: .whitespaces) != "0" {
                return true
            }
            usleep(100_000)
        }
        return false
    }

    func output() -> String {
        (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    }

    /// Waits for gdb to stop (it ends after printing the stack) and returns what it printed.
    func finish() -> String {
        process.waitUntilExit()
        return output()
    }
}
