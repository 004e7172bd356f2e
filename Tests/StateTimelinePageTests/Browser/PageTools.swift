import Foundation
import StateJSON
import TestSupport

/// The built `statedbg`, the repository's folders, and where screenshots go.
enum PageTools {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Where the browser tests keep their screenshots: `STATEDBG_SCREENSHOTS`, or `.build/timeline-screenshots`.
    static var screenshots: String {
        let path = ProcessInfo.processInfo.environment["STATEDBG_SCREENSHOTS"] ?? packageRoot + "/.build/timeline-screenshots"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "The statedbg executable was not found among the build's products; build it first (swift build)." }
    }

    static func statedbg() throws -> String {
        if let explicit = ProcessInfo.processInfo.environment["STATEDBG_BINARY"], !explicit.isEmpty { return explicit }
        guard let path = BuildProducts.current().executable(named: "statedbg") else { throw Missing() }
        return path
    }

    /// Runs statedbg, returning its status, standard output and standard error apart.
    static func run(_ arguments: [String], in directory: String? = nil, executable: String? = nil,
                    environment: [String: String]? = nil) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try executable ?? statedbg())
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let errorData = Locked()
        let reader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: errorData.get(), as: UTF8.self))
    }

    /// The shipped recordings, by path.
    static var shippedRecordings: [String] {
        let folder = packageRoot + "/Recordings"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { folder + "/" + $0 }
    }
}

/// A value one thread sets and another waits for.
private final class Locked: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Data?
    var isSet: Bool { lock.withLock { value != nil } }
    func set(_ data: Data) { lock.withLock { value = data } }
    func get() -> Data { lock.withLock { value ?? Data() } }
}
