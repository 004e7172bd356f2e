import Foundation
import StateDebugger
import StateJSON
import StateRecorder

/// An app that reports another state type name, to export tests for modules this test target is not.
struct RenamedApp: RegisteredApp {
    let base: any RegisteredApp
    let stateTypeName: String

    var id: String { base.id }
    var summary: String { base.summary }
    var actionTypeName: String { base.actionTypeName }
    var schema: AppSchema { base.schema }
    var canGenerate: Bool { false }

    func initialStateJSON() throws(ReplayError) -> JSONValue { try base.initialStateJSON() }
    func makeReplayer(from state: JSONValue) throws(ReplayError) -> any Replayer { try base.makeReplayer(from: state) }

    // Both forms of `record`, so that the fake conforms before and after the requirement gained
    // `acknowledged:`; the exporter never records.
    func record(to path: String, steps: Int, seed: UInt64, options: RecorderOptions,
                clock: @escaping @Sendable () -> Int64) throws -> RecordingSummary {
        throw RecordingGenerationError.noGenerator(app: id)
    }

    func record(to path: String, steps: Int, seed: UInt64, options: RecorderOptions,
                clock: @escaping @Sendable () -> Int64, acknowledged: ((Int) -> Void)?) throws -> RecordingSummary {
        throw RecordingGenerationError.noGenerator(app: id)
    }
}

/// Where the build put the library modules a user's test target imports.
enum BuiltModules {
    /// The folder holding `StateTesting.swiftmodule`, when it and `swiftc` can be found.
    static let folder: String? = {
        guard Compiler.swiftc != nil else { return nil }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidates = [executable.appendingPathComponent("Modules").path, executable.path]
        if let root = PackageRoot.find(above: #filePath) { candidates.append(root + "/.build/debug/Modules") }
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/StateTesting.swiftmodule") }
    }()

    /// The public app module the generated test imports.
    static let fixtureApps = """
        import StateRecorder
        import StateStore

        public enum CounterAction: Codable, Sendable, Equatable {
            case increment
        }

        public struct CounterState: Codable, Sendable, Equatable {
            public var count = 0
            public init() {}
        }

        public enum CounterApp {
            public static let app = RecordableApp<CounterState, CounterAction>(
                id: "counter", initialState: CounterState(), reducer: Reducer { state, _ in state.count += 1 })
        }

        """
}

/// Runs `swiftc`, reading its output before waiting for it.
enum Compiler {
    static let swiftc: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { $0 + "/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc ?? "swiftc")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
