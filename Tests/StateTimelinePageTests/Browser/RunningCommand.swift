import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Safe because the process is started in init and only signalled or waited on afterwards, and what its pipes carry is
// gathered under `lock` (hence `@unchecked`).
/// A `statedbg` that runs until the test stops it (`serve`, `attach --web`): its output is read as it
/// comes, so the test can wait for a line.
final class RunningCommand: @unchecked Sendable {
    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    private let process = Process()
    private let lock = NSLock()
    private var output = ""
    private var errors = ""

    init(_ arguments: [String], in directory: String) throws {
        process.executableURL = URL(fileURLWithPath: try PageTools.statedbg())
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock { self?.output += text }
        }
        err.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock { self?.errors += text }
        }
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var standardOutput: String { lock.withLock { output } }
    var standardError: String { lock.withLock { errors } }

    /// The first output line that starts with `prefix`, waiting up to `timeout` seconds for it.
    func line(startingWith prefix: String, timeout: Double = 20) throws -> String {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if let line = standardOutput.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) { return String(line) }
            if !process.isRunning { break }
            usleep(20_000)
        }
        throw Timeout(description: "no line starting with \"\(prefix)\" within \(timeout) s; output: \(standardOutput) errors: \(standardError)")
    }

    /// Sends Ctrl-C and waits (up to 10 seconds, then kills it); its status.
    @discardableResult
    func interrupt() -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGINT)
        let end = Date().addingTimeInterval(10)
        while process.isRunning, Date() < end { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
