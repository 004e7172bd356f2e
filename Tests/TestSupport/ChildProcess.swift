import Foundation

/// Runs a program as a child process with its standard output and error joined, for tests that call
/// `swiftc`, `swift` or a built executable and look at what it printed.
public enum ChildProcess {
    /// What a run printed, and how it ended.
    public struct Run: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output and standard error, in the order they were written.
        public var output: String
    }

    /// Runs `executable` with `arguments` in `directory`, reading the output to the end before waiting,
    /// so a full pipe never blocks the child.
    public static func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
    }

    /// The path of `name` on `PATH`, if it is there.
    public static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
