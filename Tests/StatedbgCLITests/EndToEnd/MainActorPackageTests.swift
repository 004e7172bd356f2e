import Foundation
import Testing
import TestSupport

/// A user's app built as Xcode 26 builds a new app target (issue 32): Swift 6 language mode, default
/// isolation the main actor (SwiftPM's `.defaultIsolation(MainActor.self)`), conformances inferred
/// isolated. Its ReSwift-shaped store keeps `state` `private(set)` on the main actor and travels through
/// a travelling reducer. While its own `statedbg` (`Statedbg.main(apps:)`) is attached and jumps,
/// dispatches, pauses and undoes, the app keeps reading its store on the main thread; every hook runs
/// there, the journal's actions are replayable, and `replay --verify` runs the main-actor reducer.
///
/// The program is compiled with `swiftc` and linked with this build's objects, as `ReadmeSnippetTests`
/// does. Under the thread sanitizer (`swift test --sanitize=thread`), the program is built with it too,
/// and a report fails the test.
@Suite struct MainActorPackageTests {
    /// The app's model, as a user writes it: nothing marked, so everything belongs to the main actor.
    static let model = """
        import Foundation
        import StateRecorder

        protocol Action {}
        struct AddUser: Action, Codable { var name: String; var age: Int }
        struct UpdateAge: Action, Codable { var id: Int; var age: Int }
        struct User: Codable, Equatable { var id: Int; var name: String; var age: Int }
        struct AppState: Codable, Equatable { var users: [User] = []; var nextID = 1 }
        extension TravelAction: Action {}

        func appReducer(action: Action, state: AppState?) -> AppState {
            var state = state ?? AppState()
            switch action {
            case let add as AddUser:
                state.users.append(User(id: state.nextID, name: add.name, age: add.age))
                state.nextID += 1
            case let update as UpdateAge:
                if let index = state.users.firstIndex(where: { $0.id == update.id }) { state.users[index].age = update.age }
            default:
                break
            }
            return state
        }

        let usersApp = AppDefinition<AppState, any Action>.onMainActor(
            id: "users", swiftName: "usersApp", initialState: AppState(),
            actions: ActionRegistry(AddUser.self, UpdateAge.self),
            reducer: { action, state in appReducer(action: action, state: state) })

        /// Marks the main queue, which runs the main actor's work: on Linux, after `dispatchMain()`, on a
        /// thread other than the main thread.
        let mainQueue: DispatchSpecificKey<Bool> = {
            let key = DispatchSpecificKey<Bool>()
            DispatchQueue.main.setSpecific(key: key, value: true)
            return key
        }()

        func onMainQueue() -> Bool {
            Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueue) == true
        }

        /// A ReSwift-shaped store: its state is read-only; what it does after each action is its middleware's place.
        final class Store {
            private(set) var state = AppState()
            private let reducer: (Action, AppState?) -> AppState
            private let afterward: (Action, AppState) -> Void
            var holding = false
            var held: [Action] = []
            var log: [String] = []

            init(reducer: @escaping (Action, AppState?) -> AppState, afterward: @escaping (Action, AppState) -> Void) {
                self.reducer = reducer
                self.afterward = afterward
            }

            func dispatch(_ action: Action) {
                if action is TravelAction<AppState> { log.append("travel on main: \\(onMainQueue())") }
                if holding, !(action is TravelAction<AppState>) {
                    held.append(action)
                    return
                }
                state = reducer(action, state)
                afterward(action, state)
            }
        }
        """

    /// The app, and its own `statedbg` when its first argument is `statedbg`.
    static let main = """
        import Foundation
        import StateRecorder
        import StatedbgCLI

        let arguments = CommandLine.arguments
        if arguments.count > 1, arguments[1] == "statedbg" {
            exit(Statedbg.main(arguments: [arguments[0]] + arguments.dropFirst(2), apps: [usersApp]))
        }
        var options = RecorderOptions()
        var channel = RecorderOptions.LiveChannel(socketPath: arguments[1])
        channel.announces = false
        options.live = channel
        let recorder: Recorder<AppState, any Action>
        do {
            recorder = try Recorder(app: usersApp, journal: arguments[2], options: options)
        } catch {
            print("error: \\(error)")
            exit(70)
        }
        let store = Store(reducer: recorder.travelling({ appReducer(action: $0, state: $1) }),
                          afterward: { action, state in recorder.record(action, state: state, site: nil) })
        recorder.travelsOnMainActor(dispatching: { [weak store] in store?.dispatch($0) })
        recorder.liveControlOnMainActor(
            dispatch: { action in
                store.log.append("dispatch on main: \\(onMainQueue())")
                store.dispatch(action)
            },
            pause: {
                store.log.append("pause on main: \\(onMainQueue())")
                store.holding = true
            },
            resume: {
                store.log.append("resume on main: \\(onMainQueue())")
                store.holding = false
                let queued = store.held
                store.held = []
                for action in queued { store.dispatch(action) }
                return queued.count
            })
        store.dispatch(AddUser(name: "Ada", age: 36))
        store.dispatch(AddUser(name: "Grace", age: 45))

        // The app reads its store on the main thread all along, as a SwiftUI view does.
        var reads = 0
        var reading = true
        Task {
            while reading {
                reads += store.state.users.count
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        // A line on standard input ends the app.
        Thread.detachNewThread {
            _ = readLine()
            Task { @MainActor in
                reading = false
                do { try recorder.close() } catch { print("error: \\(error)") }
                print(store.log.joined(separator: "\\n"))
                print("read the store: \\(reads > 0); users: \\(store.state.users.map(\\.name))")
                exit(0)
            }
        }
        FileHandle.standardOutput.write(Data("ready\\n".utf8))
        dispatchMain()
        """

    /// Whether this test process runs under the thread sanitizer, whose objects the program links.
    static var underThreadSanitizer: Bool {
        dlsym(nil, "__tsan_init") != nil
    }

    @Test(.timeLimit(.minutes(10)))
    func aMainActorAppRecordsAndIsDebuggedOnTheMainThread() throws {
        guard let modules = ReadmeSnippetTests.modulesDirectory() else {
            Issue.record("The built modules were not found beside the test runner; build with swift build first.")
            return
        }
        let products = URL(fileURLWithPath: modules).deletingLastPathComponent()
        let folder = try TemporaryDirectory()
        let sources = [try folder.write(Self.model, to: "Users.swift"), try folder.write(Self.main, to: "main.swift")]
        let flags = ["-swift-version", "6", "-default-isolation", "MainActor", "-enable-upcoming-feature", "InferIsolatedConformances",
                     "-module-name", "MainActorUsers"] + (Self.underThreadSanitizer ? ["-sanitize=thread"] : [])
        let built = try ChildProcess.run(
            ChildProcess.onPath("swiftc") ?? "/usr/bin/swiftc",
            sources + flags + ["-I", modules, "-o", folder.file("users")] + LibraryObjects.cModuleSearchPaths(besideModules: modules)
                + (try LibraryObjects.paths(in: products)) + ["-lm"],
            in: folder.path)
        try #require(built.status == 0, "a main-actor app does not build:\n\(built.output)")
        #expect(!built.output.contains("warning:"), "\(built.output)")

        let app = Process()
        app.executableURL = URL(fileURLWithPath: folder.file("users"))
        app.arguments = [folder.file("app.sock"), folder.file("users.jsonl")]
        app.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        app.standardInput = input
        app.standardOutput = output
        app.standardError = errors
        try app.run()
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let ready = output.fileHandleForReading.availableData
        try #require(String(decoding: ready, as: UTF8.self) == "ready\n")

        let program = StatedbgProcess(path: folder.file("users"))
        let commands = [
            "app jump 1", #"app dispatch UpdateAge {"id":1,"age":40}"#, "app pause", #"app dispatch AddUser {"name":"Alan","age":41}"#,
            "app resume", "app undo",
        ]
        let debugger = try program.run(["statedbg", "attach", folder.file("app.sock"), "--save", "mirror.jsonl", "--echo", "-c",
                                        commands.joined(separator: "; ")], in: folder.path)
        #expect(debugger.status == 0, "\(debugger.error)")
        #expect(debugger.output == """
            attached to users (pid \(app.processIdentifier)) at \(folder.file("app.sock")): 2 steps so far; dispatch, verify, skip, minimize and in-app travel work; 'app help' lists the commands that act on the app
            (statedbg 2/2) app jump 1
            app: after step 2: travel: jump to step 1
            the app's state is now step 1
            (statedbg 2/2) app dispatch UpdateAge {"id":1,"age":40}
            app: step 3 arrived (1 new)
            the app dispatched UpdateAge(id: 1, age: 40); its last step is 3
            (statedbg 2/3) app pause
            the app's dispatching is paused; its actions queue until resume
            (statedbg 2/3) app dispatch AddUser {"name":"Alan","age":41}
            the app is paused: AddUser(name: "Alan", age: 41) is queued and runs on resume
            (statedbg 2/3) app resume
            app: step 4 arrived (1 new)
            the app dispatches again; 1 queued action ran
            (statedbg 2/4) app undo
            app: after step 4: travel: undo to step 3
            the app's state is now step 3

            """)

        try input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let reports = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        app.waitUntilExit()
        #expect(app.terminationStatus == 0, "\(reports)")
        #expect(!reports.contains("ThreadSanitizer"), "\(reports)")
        #expect(rest == """
            travel on main: true
            dispatch on main: true
            pause on main: true
            dispatch on main: true
            resume on main: true
            travel on main: true
            read the store: true; users: ["Ada"]

            """)

        // The journal's actions are replayable, and the tools run the main-actor reducer to verify them.
        let verify = try program.run(["statedbg", "replay", "--verify", "users.jsonl"], in: folder.path)
        #expect(verify.status == 0, "\(verify.error)")
        #expect(verify.output.hasSuffix("verified 4 steps: every state matches\n"), "\(verify.output)")
    }
}
