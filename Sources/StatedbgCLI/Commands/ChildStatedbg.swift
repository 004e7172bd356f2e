import Foundation

/// This statedbg run again as a child process, for work that may crash the process running it (an app's
/// reducer): the child runs it, and how the child ended tells the parent what happened.
///
/// ```swift
/// let run = try ChildStatedbg(executable: path).run(["debug", "crash.jsonl", "50", "--child-report"])
/// run.ending     // .signalled(SIGILL)
/// run.error      // "Swift/ContiguousArrayBuffer.swift:705: Fatal error: Index out of range\n…"
/// ```
struct ChildStatedbg {
    /// How a child ended.
    enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// It died of this signal.
        case signalled(Int32)
        /// It was still running after the time allowed, and was killed.
        case timedOut(Duration)
    }

    /// What a child printed and how it ended.
    struct Run {
        var ending: Ending
        var output: Data
        var error: String
    }

    /// This statedbg's executable.
    var executable: String

    /// Runs `statedbg ARGUMENTS` with standard input empty, in this process's working directory and
    /// environment, and reads both of its output streams to the end; with `timeout`, kills it (SIGKILL:
    /// a reducer in a loop answers nothing gentler) once it ran that long.
    func run(_ arguments: [String], timeout: Duration? = nil) throws(CommandFailure) -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        // The runtime's one-line message is all a verdict needs: the backtracer would make a crashing
        // child slow to die and print pages of frames.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CommandFailure(.internalError, "cannot start \(executable) as a child process: \(error.localizedDescription)")
        }
        // Both pipes are read to the end before waiting, standard error on a thread of its own, so that
        // a child filling one of them never blocks.
        let errorText = ErrorText()
        let errorReader = errors.fileHandleForReading
        let done = DispatchSemaphore(value: 0)
        Thread {
            errorText.set(errorReader.readDataToEndOfFile())
            done.signal()
        }.start()
        let killed = KillTimer(process: process, after: timeout)
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        let ending: Ending = if let timeout, killed.cancel() {
            .timedOut(timeout)
        } else {
            process.terminationReason == .uncaughtSignal ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
        }
        return Run(ending: ending, output: printed, error: errorText.text)
    }
}

/// Kills a child that runs past its time, from a timer on another thread.
// Safe because `fired` and `cancelled` are touched only under `lock`.
private final class KillTimer: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    private var cancelled = false

    init(process: Process, after timeout: Duration?) {
        guard let timeout else { return }
        // At most a year: a longer wait is no bound, and its nanoseconds would overflow.
        let milliseconds = min(timeout, .seconds(365 * 86_400)).components.seconds * 1000
            + timeout.components.attoseconds / 1_000_000_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(milliseconds))) { [self] in
            lock.lock()
            defer { lock.unlock() }
            // A child that ended and was waited for is not killed: its number may be another's by now.
            guard !cancelled, process.isRunning else { return }
            fired = true
            kill(process.processIdentifier, SIGKILL)
        }
    }

    /// Stops the timer; returns whether it had killed the child.
    func cancel() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        cancelled = true
        return fired
    }
}

/// Standard error as read on another thread; read once that thread is done.
// Safe because the reading thread sets it before it signals, and it is read only after the wait.
private final class ErrorText: @unchecked Sendable {
    private var data = Data()

    func set(_ data: Data) { self.data = data }

    var text: String { String(decoding: data, as: UTF8.self) }
}
