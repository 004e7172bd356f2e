// swift-tools-version: 6.2
import PackageDescription

// Layers, bottom to top. Each module depends only on modules above it in this list.
//
//   StateSync      Locked, a lock ThreadSanitizer understands on Linux too
//   TerminalKit    the generic terminal toolkit: command specs, argument parsing, help, shell words,
//                  suggestions; line editor, history, key decoding; terminal control, raw mode, output
//                  sinks, colour policy, control-character escaping, Ctrl-C. Knows nothing of recordings.
//   StateJSON      JSON value tree, parser, serializer, Codable bridge, hash, diff, patch, paths, predicates
//   StateStore     the store: reducers, dispatch, subscriptions, middleware, commands, validators, save/load
//   StateJournal   the JSON-lines journal format: line model, writer, reader, index
//   StateLive      the live channel's wire protocol: commands, replies, framing, endpoints, sockets
//   StateRecorder  the recording store and the app registry (how actions are tagged and decoded)
//   ExampleApps    counter, bank, tracker and users: state, actions, reducers, generators
//   StateDebugger  the time-travel engine: timeline, replay/verify, queries, minimize, branches, import
//   StatedbgCLI    the `statedbg` commands and REPL, as a library: the engine driven through TerminalKit
//   StateTesting   regression replay of recordings from XCTest and Swift Testing
//
// Every target names each module it imports, even one it could reach through another.
let package = Package(
    name: "statedbg",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "StateJSON", targets: ["StateJSON"]),
        .library(name: "StateStore", targets: ["StateStore"]),
        .library(name: "StateJournal", targets: ["StateJournal"]),
        .library(name: "StateRecorder", targets: ["StateRecorder"]),
        .library(name: "StateDebugger", targets: ["StateDebugger"]),
        .library(name: "TerminalKit", targets: ["TerminalKit"]),
        .library(name: "StatedbgCLI", targets: ["StatedbgCLI"]),
        .library(name: "StateTesting", targets: ["StateTesting"]),
        .library(name: "ExampleApps", targets: ["ExampleApps"]),
        .executable(name: "statedbg", targets: ["statedbg"]),
        .executable(name: "statedbg-bench", targets: ["statedbg-bench"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "StateSync"),
        .target(name: "TerminalKit", dependencies: ["StateSync"]),
        .target(
            name: "StateJSON",
            dependencies: ["StateSync"],
            // Int64(exactly: Double) and friends call libm, which Linux does not link by default.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(name: "StateStore", dependencies: ["StateSync", "StateJSON"]),
        .target(name: "StateJournal", dependencies: ["StateJSON"]),
        .target(name: "StateLive", dependencies: ["StateJSON"]),
        .target(name: "StateRecorder", dependencies: ["StateSync", "StateStore", "StateJournal", "StateJSON", "StateLive"]),
        .target(name: "ExampleApps", dependencies: ["StateStore", "StateJSON", "StateRecorder"]),
        .target(name: "StateDebugger", dependencies: ["StateRecorder", "StateStore", "StateJournal", "StateJSON", "StateLive"]),
        .target(
            name: "StatedbgCLI",
            dependencies: ["TerminalKit", "StateDebugger", "StateRecorder", "StateJournal", "StateJSON", "StateLive"]
        ),
        .target(
            name: "StateTesting",
            dependencies: ["StateDebugger", "StateRecorder", "StateStore", "StateJournal", "StateJSON"]
        ),
        .executableTarget(name: "statedbg", dependencies: ["StatedbgCLI", "ExampleApps"]),
        .executableTarget(
            name: "statedbg-bench",
            dependencies: ["StateJSON", "StateStore", "StateJournal", "StateRecorder", "StateDebugger", "ExampleApps", "StateLive"]
        ),
        // Helpers shared by the test targets (not a product).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // A program the recorder's tests run as a child process: it records and ends without close().
        .executableTarget(name: "recorder-exit-probe", dependencies: ["StateRecorder"], path: "Tests/Probes/RecorderExitProbe"),
        .testTarget(name: "StateSyncTests", dependencies: ["StateSync"]),
        .testTarget(name: "StateJSONTests", dependencies: ["StateJSON"]),
        .testTarget(name: "StateStoreTests", dependencies: ["StateSync", "StateStore"]),
        .testTarget(name: "StateJournalTests", dependencies: ["TestSupport", "StateJournal", "StateJSON"]),
        .testTarget(name: "StateLiveTests", dependencies: ["StateLive", "StateJSON"]),
        .testTarget(name: "StateRecorderTests", dependencies: ["TestSupport", "StateSync", "StateJSON", "StateJournal", "StateStore", "StateRecorder", "ExampleApps", "StateLive"]),
        .testTarget(name: "ExampleAppsTests", dependencies: ["TestSupport", "ExampleApps", "StateRecorder", "StateStore", "StateJournal", "StateJSON"]),
        .testTarget(
            name: "StateDebuggerTests",
            dependencies: [
                "TestSupport", "StateSync", "StateJSON", "StateStore", "StateJournal", "StateRecorder", "ExampleApps",
                "StateDebugger",
            ]
        ),
        .testTarget(name: "TerminalKitTests", dependencies: ["TestSupport", "StateSync", "TerminalKit"]),
        .testTarget(
            name: "StatedbgCLITests",
            dependencies: [
                "TestSupport", "StateSync", "StateJSON", "StateStore", "StateJournal", "StateRecorder", "ExampleApps",
                "StateDebugger", "TerminalKit", "StatedbgCLI",
            ]
        ),
        .testTarget(
            name: "StateTestingTests",
            dependencies: [
                "TestSupport", "StateSync", "StateJSON", "StateStore", "StateJournal", "StateRecorder", "ExampleApps",
                "StateDebugger", "StateTesting",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
