import Foundation
import TestSupport

/// Runs the built `statedbg` executable as a child process, for end-to-end tests.
struct StatedbgProcess {
    /// What a run produced.
    struct Result {
        var status: Int32
        var output: String
        var error: String
        /// Whether the process died of a signal (`status` is then its number) rather than exiting.
        var signalled = false
    }

    enum Failure: Error, CustomStringConvertible {
        case notBuilt(searched: [String])
        case notAnExecutable(path: String)

        var description: String {
            switch self {
            case .notBuilt(let searched):
                "The statedbg executable was not found among the build's products; build it first (swift build). Looked for: \(searched.joined(separator: ", "))."
            case .notAnExecutable(let path):
                "STATEDBG_BINARY names \(path), which is not an executable file."
            }
        }
    }

    /// The executable's path.
    let path: String

    /// Finds the executable in the products directories of the build the tests belong to
    /// (``BuildProducts/current()``).
    ///
    /// `STATEDBG_BINARY` overrides the search; it must name an executable file.
    static func locate() throws -> StatedbgProcess {
        if let explicit = ProcessInfo.processInfo.environment["STATEDBG_BINARY"], !explicit.isEmpty {
            guard BuildProducts.isExecutableFile(atPath: explicit) else { throw Failure.notAnExecutable(path: explicit) }
            return StatedbgProcess(path: explicit)
        }
        let products = BuildProducts.current()
        guard let path = products.executable(named: "statedbg") else {
            throw Failure.notBuilt(searched: products.candidates(named: "statedbg"))
        }
        return StatedbgProcess(path: path)
    }

    /// Runs `statedbg ARGUMENTS` in `directory` with `input` on standard input, reading both output pipes
    /// to the end before waiting, so a full pipe can never block the child.
    ///
    /// - Parameter shell: A `/bin/sh` command run first, which then runs `statedbg` with `exec`: how a
    ///   test sets a resource limit or a signal disposition for the child alone.
    func run(_ arguments: [String], in directory: String, input: String = "", shell: String? = nil) throws -> Result {
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shell + #"; exec "$0" "$@""#, path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ["HOME": directory, "TERM": "dumb", "PATH": "/usr/bin:/bin"]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let errorData = Box()
        let done = DispatchSemaphore(value: 0)
        let errorReader = stderr.fileHandleForReading
        Thread {
            errorData.data = errorReader.readDataToEndOfFile()
            done.signal()
        }.start()
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      error: String(decoding: errorData.data, as: UTF8.self), signalled: process.terminationReason == .uncaughtSignal)
    }

    private final class Box: @unchecked Sendable {
        var data = Data()
    }
}
