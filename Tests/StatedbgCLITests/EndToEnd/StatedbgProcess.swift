import Foundation

/// Runs the built `statedbg` executable as a child process, for end-to-end tests.
struct StatedbgProcess {
    /// What a run produced.
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    enum Failure: Error, CustomStringConvertible {
        case notBuilt(searched: [String])

        var description: String {
            switch self {
            case .notBuilt(let searched):
                "The statedbg executable was not found next to the tests; build it first (swift build). Looked in: \(searched.joined(separator: ", "))."
            }
        }
    }

    /// The executable's path.
    let path: String

    /// Finds the executable in the products directory the test bundle was built into.
    ///
    /// `STATEDBG_BINARY` overrides the search. Otherwise the directories around the test runner (the
    /// xctest bundle on macOS, the test executable on Linux) are searched, then `.build/debug` of the
    /// package this file belongs to.
    static func locate() throws -> StatedbgProcess {
        if let explicit = ProcessInfo.processInfo.environment["STATEDBG_BINARY"], !explicit.isEmpty {
            return StatedbgProcess(path: explicit)
        }
        var starts: [URL] = [Bundle(for: Marker.self).bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
        if let executable = Bundle.main.executableURL { starts.append(executable) }
        var searched: [String] = []
        for start in starts {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("statedbg").path
                if !searched.contains(candidate) { searched.append(candidate) }
                if FileManager.default.isExecutableFile(atPath: candidate) { return StatedbgProcess(path: candidate) }
                directory = directory.deletingLastPathComponent()
            }
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let fallback = packageRoot.appendingPathComponent(".build/debug/statedbg").path
        searched.append(fallback)
        if FileManager.default.isExecutableFile(atPath: fallback) { return StatedbgProcess(path: fallback) }
        throw Failure.notBuilt(searched: searched)
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
                      error: String(decoding: errorData.data, as: UTF8.self))
    }

    private final class Box: @unchecked Sendable {
        var data = Data()
    }

    private final class Marker {}
}
