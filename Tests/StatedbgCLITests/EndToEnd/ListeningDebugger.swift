#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StateSync

// Safe because the process is started in init and only waited on or signalled afterwards, and what its pipes carry is
// gathered behind `printed`'s lock (hence `@unchecked`).
/// `statedbg listen` running as a child process, for the dial-out tests: its connect line, and what it
/// prints as apps connect to it.
final class ListeningDebugger: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let printed = Locked<(output: String, error: String, ended: Int)>(("", "", 0))

    /// Starts `statedbg listen ARGUMENTS` in `directory` and waits until it prints its connect line.
    init(_ binary: StatedbgProcess, _ arguments: [String], in directory: String) throws {
        process.executableURL = URL(fileURLWithPath: binary.path)
        process.arguments = ["listen"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ["HOME": directory, "XDG_RUNTIME_DIR": directory, "TERM": "dumb", "PATH": "/usr/bin:/bin"]
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = input
        try process.run()
        for (pipe, isError) in [(output, false), (error, true)] {
            let reader = pipe.fileHandleForReading
            Thread { [self] in
                while true {
                    let data = reader.availableData
                    printed.withLock { printed in
                        if data.isEmpty {
                            printed.ended += 1
                        } else if isError {
                            printed.error += String(decoding: data, as: UTF8.self)
                        } else {
                            printed.output += String(decoding: data, as: UTF8.self)
                        }
                    }
                    printed.wakeWaiters()
                    if data.isEmpty { return }
                }
            }.start()
        }
        _ = waitForOutput(containing: "\n")
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The first line: `connect with: STATEDBG_CONNECT=127.0.0.1:PORT STATEDBG_TOKEN=TOKEN`.
    var connectLine: String {
        String(output.prefix { $0 != "\n" })
    }

    /// The two variables of the connect line, for the app's environment.
    var environment: [String: String] {
        var variables: [String: String] = [:]
        for word in connectLine.split(separator: " ") where word.contains("=") {
            let parts = word.split(separator: "=", maxSplits: 1)
            variables[String(parts[0])] = String(parts[1])
        }
        return variables
    }

    /// The port of the connect line.
    var port: String {
        String(environment["STATEDBG_CONNECT"]?.split(separator: ":").last ?? "")
    }

    /// Everything printed on standard output so far.
    var output: String { printed.withLock { $0.output } }
    /// Everything printed on standard error so far.
    var error: String { printed.withLock { $0.error } }

    /// Waits up to 20 seconds for standard output to contain `text`.
    func waitForOutput(containing text: String) -> Bool {
        printed.withLock(when: { $0.output.contains(text) || $0.ended == 2 }, timeout: .seconds(20)) { printed, _ in
            printed.output.contains(text)
        }
    }

    /// Waits up to 20 seconds for standard error to contain `text`.
    func waitForError(containing text: String) -> Bool {
        printed.withLock(when: { $0.error.contains(text) || $0.ended == 2 }, timeout: .seconds(20)) { printed, _ in
            printed.error.contains(text)
        }
    }

    /// Waits for the listener to end (killing it after 30 seconds) and returns its exit status.
    func finish() -> Int32 {
        let deadline = Date(timeIntervalSinceNow: 30)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        // Both pipes read to their end.
        printed.withLock(when: { $0.ended == 2 }, timeout: .seconds(5)) { _, _ in }
        return process.terminationStatus
    }

    /// Types `text` on the listener's standard input, which stays open.
    func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Kills the listener at once, as `kill -9` does.
    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
