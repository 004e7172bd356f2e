// swift-tools-version: 6.2
import PackageDescription

// Layers, bottom to top. Each module depends only on modules above it in this list.
//
//   CStateSync     (C) what StateSync cannot write in Swift on every platform: the compiler's lock-free atomic
//                  built-ins on a 64-bit cell (inlined), and the thread calls Glibc's module map hides
//   StateSync      Locked, the one lock (with waiting until a value is ready): a pthread mutex and condition
//                  that ThreadSanitizer understands, on platforms without Synchronization.Mutex too; AtomicCell,
//                  the atomics Synchronization.Atomic has only from iOS 18 and macOS 15; DetachedThread, how
//                  statedbg starts its threads (stack size, quality of service, name)
//   TextControls   the characters no output shows raw (C0/C1 controls, bidirectional controls, line
//                  separators, zero-width characters) and how to find them in text: one definition
//   StateCollections  ChunkedArray: an array in runs of 64 elements, whose changed runs a recorder finds
//                  by comparing one reference per run
//   TerminalKit    the generic terminal toolkit: command specs, argument parsing, help, shell words,
//                  suggestions; line editor, history, key decoding; terminal control, raw mode, output
//                  sinks, colour policy and palette, control-character escaping, Ctrl-C. Knows nothing of
//                  recordings or JSON.
//   StateJSON      JSON: value tree, parser, serializer, hash and fingerprint, diff, patch, pointers, and
//                  custom-dump style text whose decoration the caller supplies. Knows no Swift type but its own.
//   StateEncoding  Swift values to JSON and back: the Codable encoder and decoder, the reflecting encoder, the
//                  memoizing incremental encoder and the incremental fingerprinters that follow its notes.
//                  The one module that leans on how Swift lays values out (reflection SPI, container layout)
//   StateQuery     the path and predicate language over JSON values: `.users[*].age`, `count > 3`,
//                  parsing, evaluation, mutation at a path, completion of partial paths
//   StateStore     the store: reducers, dispatch, subscriptions, middleware, commands, validators. No JSON.
//   CCRC32C        (C) the hardware CRC-32C that StateJournal checks every line with; internal to it
//   StateJournal   the JSON-lines journal format: line model, writer, reader, index
//   CCrashJournal  (C) a flight recorder's crash journal as a signal handler writes it: prepared bytes and write(2)
//   StateSocket    the socket calls both servers make alike: a listening TCP socket on 127.0.0.1
//   StateLive      the live channel, whole: the wire protocol (commands, typed answers and notices, framing),
//                  the transports (Unix socket, loopback TCP, dialing out), the server (handshake, tokens, history,
//                  back-pressure) and the protocol an app side meets (LiveApp), the client
//   StateHTTP      a small HTTP/1.1 server on 127.0.0.1 for the live page: request parsing within limits, the
//                  token, Host and Origin gate, responses and server-sent event streams
//   StateRecorder  the store seen as JSON: recording into a journal (the writer modes, time travel, the app's
//                  side of the live channel and its traps), save/load of a state, diff logging; the app
//                  registry (how actions are tagged and decoded); the reducer's call site a debugger stops
//                  in (ReducerCallSite) and whether one is attached
//   ExampleApps    counter, bank, tracker and users: state, actions, reducers, generators
//   StatePage      the timeline page's document: its hand-written .html/.css/.js (reaching the binary through the
//                  PageAssetsPlugin build tool) and how values fill its template; the same page offline and live
//   StatePageBridge  the live page inside the app, all but the web view: the page's messages and requests, and
//                  their way to the recorder through its live channel, connected in-process
//   StatePageWebKit  the live page in a web view (WebKit only; empty elsewhere): a view controller, a SwiftUI view
//   StateDebugger  the time-travel engine: timeline, replay/verify, queries, minimize, branches, import
//   StateTimelinePage  the self-contained HTML timeline page of a recording (`statedbg view`): the
//                  recording as the page's data, put into StatePage's document
//   StatedbgCLI    the `statedbg` commands and REPL, as a library: the engine driven through TerminalKit
//   StateTesting   regression replay of recordings from XCTest and Swift Testing
//
// Every target names each module it imports, even one it could reach through another.
let package = Package(
    name: "statedbg",
    // The oldest systems apps still support: nothing in the modules an app links needs newer (.ci/api-availability).
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "StateCollections", targets: ["StateCollections"]),
        .library(name: "StateJSON", targets: ["StateJSON"]),
        .library(name: "StateEncoding", targets: ["StateEncoding"]),
        .library(name: "StateQuery", targets: ["StateQuery"]),
        .library(name: "StateStore", targets: ["StateStore"]),
        .library(name: "StateJournal", targets: ["StateJournal"]),
        .library(name: "StateRecorder", targets: ["StateRecorder"]),
        .library(name: "StatePageBridge", targets: ["StatePageBridge"]),
        .library(name: "StatePageWebKit", targets: ["StatePageWebKit"]),
        .library(name: "StateDebugger", targets: ["StateDebugger"]),
        .library(name: "StatedbgCLI", targets: ["StatedbgCLI"]),
        .library(name: "StateTesting", targets: ["StateTesting"]),
        .library(name: "ExampleApps", targets: ["ExampleApps"]),
        .executable(name: "statedbg", targets: ["statedbg"]),
        .executable(name: "statedbg-bench", targets: ["statedbg-bench"]),
    ],
    dependencies: [],
    targets: [
        // Lock-free atomics without Synchronization (iOS 18, macOS 15), and thread names and stacks: only
        // StateSync uses it.
        .target(name: "CStateSync"),
        .target(name: "StateSync", dependencies: ["CStateSync"]),
        .target(name: "StateCollections"),
        .target(name: "TextControls"),
        .target(name: "TerminalKit", dependencies: ["StateSync", "TextControls"]),
        .target(
            name: "StateJSON",
            dependencies: ["TextControls"],
            // Int64(exactly: Double) and friends call libm, which Linux does not link by default.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(
            name: "StateEncoding",
            dependencies: ["StateSync", "StateCollections", "StateJSON"],
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(name: "StateQuery", dependencies: ["StateJSON"]),
        .target(name: "StateStore", dependencies: ["StateSync"]),
        // CRC-32C with the processor's instructions, enabled per function (no target flags): only
        // StateJournal uses it, and it is not a product.
        .target(name: "CCRC32C"),
        .target(name: "StateJournal", dependencies: ["StateSync", "StateJSON", "StateEncoding", "CCRC32C"]),
        .target(name: "StateSocket"),
        .target(name: "StateLive", dependencies: ["StateSync", "StateJSON", "StateSocket"]),
        .target(name: "StateHTTP", dependencies: ["StateSync", "StateSocket"]),
        .target(name: "CCrashJournal"),
        .target(name: "StateRecorder", dependencies: ["StateSync", "StateCollections", "StateJSON", "StateEncoding", "StateQuery", "StateStore", "StateJournal", "StateLive", "CCrashJournal"]),
        .target(name: "ExampleApps", dependencies: ["StateStore", "StateJSON", "StateEncoding", "StateRecorder"]),
        .target(name: "StateDebugger", dependencies: ["StateSync", "TextControls", "StateJSON", "StateEncoding", "StateQuery", "StateStore", "StateJournal", "StateRecorder"]),
        // The page's own files stay .html/.css/.js; a build-tool plugin turns them into a Swift source, so
        // the statedbg binary carries them and needs no resource bundle beside it.
        .executableTarget(name: "page-assets-tool", path: "Sources/PageAssetsTool"),
        .plugin(name: "PageAssetsPlugin", capability: .buildTool(), dependencies: ["page-assets-tool"],
                path: "Sources/PageAssetsPlugin"),
        .target(name: "StatePage", exclude: ["Page"], plugins: ["PageAssetsPlugin"]),
        .target(name: "StatePageBridge", dependencies: ["StateSync", "StateJSON", "StateJournal", "StateLive", "StateRecorder", "StatePage"]),
        .target(name: "StatePageWebKit", dependencies: ["StateRecorder", "StatePageBridge"]),
        .target(name: "StateTimelinePage", dependencies: ["StateDebugger", "StateJournal", "StateJSON", "StatePage"]),
        .target(
            name: "StatedbgCLI",
            dependencies: [
                "StateSync", "TerminalKit", "StateJSON", "StateEncoding", "StateQuery", "StateJournal", "StateRecorder", "StateDebugger",
                "StateTimelinePage", "StateLive", "StateHTTP", "StatePage", "StatePageBridge",
            ]
        ),
        .target(
            name: "StateTesting",
            dependencies: ["StateJSON", "StateEncoding", "StateQuery", "StateStore", "StateJournal", "StateRecorder", "StateDebugger"]
        ),
        .executableTarget(name: "statedbg", dependencies: ["StatedbgCLI", "ExampleApps"]),
        .executableTarget(
            name: "statedbg-bench",
            dependencies: [
                "StateCollections", "StateJSON", "StateEncoding", "StateQuery", "StateStore", "StateJournal", "StateRecorder", "StateDebugger",
                "ExampleApps", "StateLive",
            ]
        ),
        // Helpers shared by the test targets (not a product).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Seeded random JSON and the small apps the test targets share (not a product).
        .target(
            name: "TestFixtures", dependencies: ["StateJSON", "StateEncoding", "StateStore", "StateJournal", "StateRecorder"],
            path: "Tests/TestFixtures"
        ),
        // A program the recorder's tests run as a child process: it records and ends without close().
        .executableTarget(name: "recorder-exit-probe", dependencies: ["StateSync", "StateRecorder"], path: "Tests/Probes/RecorderExitProbe"),
        // A program the flight recorder's tests run as a child process: it records and then crashes.
        .executableTarget(name: "recorder-crash-probe", dependencies: ["StateRecorder"], path: "Tests/Probes/RecorderCrashProbe"),
        // A user's own statedbg whose app's reducer hangs: for replay --verify's --timeout.
        .executableTarget(name: "statedbg-hang-probe", dependencies: ["StateRecorder", "StatedbgCLI"], path: "Tests/Probes/HangingReducerProbe"),
        .testTarget(name: "StateSyncTests", dependencies: ["StateSync"]),
        .testTarget(name: "StateCollectionsTests", dependencies: ["StateCollections"]),
        .testTarget(name: "TextControlsTests", dependencies: ["TextControls"]),
        .testTarget(name: "StateJSONTests", dependencies: ["TestFixtures", "StateSync", "StateCollections", "StateJSON", "StateEncoding", "StateRecorder"]),
        .testTarget(name: "StateEncodingTests", dependencies: ["TestFixtures", "StateSync", "StateCollections", "StateJSON", "StateEncoding", "StateRecorder"]),
        .testTarget(name: "StateQueryTests", dependencies: ["TestFixtures", "StateJSON", "StateQuery"]),
        .testTarget(name: "StateStoreTests", dependencies: ["StateSync", "StateStore"]),
        .testTarget(name: "StateJournalTests", dependencies: ["TestSupport", "StateSync", "StateJournal", "StateJSON", "StateEncoding"]),
        .testTarget(name: "StateLiveTests", dependencies: ["TestSupport", "StateSync", "StateLive", "StateJSON"]),
        .testTarget(name: "StateHTTPTests", dependencies: ["TestSupport", "StateSync", "StateHTTP"]),
        .testTarget(name: "StateRecorderTests", dependencies: ["TestSupport", "TestFixtures", "StateSync", "StateCollections", "StateJSON", "StateEncoding", "StateJournal", "StateStore", "StateRecorder", "ExampleApps", "StateLive"]),
        .testTarget(
            name: "ExampleAppsTests",
            dependencies: ["TestSupport", "StateJSON", "StateEncoding", "StateQuery", "StateStore", "StateJournal", "StateRecorder", "ExampleApps"]
        ),
        .testTarget(
            name: "StateDebuggerTests",
            dependencies: [
                "TestSupport", "TestFixtures", "StateSync", "StateJSON", "StateQuery", "StateStore", "StateJournal",
                "StateRecorder", "ExampleApps", "StateDebugger",
            ]
        ),
        .testTarget(name: "TerminalKitTests", dependencies: ["TestSupport", "StateSync", "TextControls", "TerminalKit"]),
        .testTarget(
            name: "StatedbgCLITests",
            dependencies: [
                "TestSupport", "TestFixtures", "StateSync", "StateJSON", "StateEncoding", "StateQuery", "StateStore", "StateJournal",
                "StateRecorder", "ExampleApps", "StateDebugger", "TerminalKit", "StatedbgCLI", "StateLive",
                // The README's snippets, compiled by ReadmeSnippetTests against this build, import it.
                "StateTesting",
            ]
        ),
        .testTarget(
            name: "StateTimelinePageTests",
            dependencies: [
                "TextControls", "TestSupport", "TestFixtures", "StateJSON", "StateJournal", "StateDebugger", "StatePage", "StateTimelinePage",
                // The live page through the WebKit bridge, fed by a recorder of an example app.
                "StateSync", "StateRecorder", "ExampleApps", "StatePageBridge",
            ]
        ),
        .testTarget(
            name: "StatePageBridgeTests",
            dependencies: [
                "TestSupport", "StateSync", "StateJSON", "StateLive", "StateStore", "StateRecorder", "ExampleApps", "StatePage",
                "StatePageBridge",
            ]
        ),
        .testTarget(
            name: "StateTestingTests",
            dependencies: [
                "TestSupport", "TestFixtures", "StateSync", "StateJSON", "StateEncoding", "StateQuery", "StateStore", "StateJournal",
                "StateRecorder", "ExampleApps", "StateDebugger", "StateTesting",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
