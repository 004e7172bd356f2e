#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `statedbg serve EXAMPLE` running as a child process, for the live-channel tests.
final class ServedApp {
    let process = Process()
    /// What the app printed on standard output by the time it was ready.
    private(set) var banner = ""
    private let output = Pipe()

    /// Starts `statedbg serve ARGUMENTS` in `directory`, with `environment` added to its own, and waits
    /// until it prints how to attach.
    init(_ binary: StatedbgProcess, _ arguments: [String], in directory: String, environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: binary.path)
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ["HOME": directory, "XDG_RUNTIME_DIR": directory, "PATH": "/usr/bin:/bin"]
            .merging(environment) { _, added in added }
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let reader = output.fileHandleForReading
        let deadline = Date(timeIntervalSinceNow: 20)
        while !banner.contains("attach with:") || !banner.hasSuffix("\n"), Date() < deadline {
            let data = reader.availableData
            if data.isEmpty { break }
            banner += String(decoding: data, as: UTF8.self)
        }
    }

    var pid: Int32 { process.processIdentifier }

    /// Kills the app at once, as `kill -9` does: no goodbye on the socket, no journal close.
    func kill9() {
        kill(pid, SIGKILL)
        process.waitUntilExit()
    }

    /// Stops the app as Ctrl-C does and returns everything it printed.
    func stop() -> String {
        if process.isRunning {
            kill(pid, SIGINT)
            process.waitUntilExit()
        }
        return banner + String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    deinit {
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
    }
}
