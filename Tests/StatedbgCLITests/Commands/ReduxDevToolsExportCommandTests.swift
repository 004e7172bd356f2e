import TestSupport
import Foundation
import StateDebugger
import StateRecorder
import StateStore
import Testing
import TerminalKit
@testable import StatedbgCLI

/// The Redux DevTools extension's Export file (`payload` and `preloadedState`, both JSON strings) holds
/// the actions and the state before them only. Every command that opens a recording reads it: `replay`
/// lists every action and says once that the states were not exported, a registered app's reducer
/// computes the states, and the commands that need a later state say plainly that it is missing.
@Suite struct ReduxDevToolsExportCommandTests {
    static let exportFile = #"""
        {"payload": "[{\"type\":\"INCREMENT\"},{\"type\":\"INCREMENT\",\"by\":2},{\"type\":\"DECREMENT\"}]",
         "preloadedState": "{\"count\":5}"}
        """#

    struct Counter: Codable, Sendable, Equatable {
        var count = 0
    }

    /// A Redux action as the exports hold it: `{"type": …}` with its other members.
    struct ReduxAction: Codable, Sendable, Equatable {
        var type: String
        var by: Int?
    }

    static func reduxCounter() -> RecordableApp<Counter, ReduxAction> {
        RecordableApp(id: "redux", initialState: Counter(), reducer: Reducer { state, action in
            switch action.type {
            case "INCREMENT": state.count += action.by ?? 1
            case "DECREMENT": state.count -= 1
            default: break
            }
        }, actionSamples: [ReduxAction(type: "INCREMENT")])
    }

    static let note = "statedbg: note: export.json is a Redux DevTools Export file: it holds the actions and the state before them (step 0), not the states after them, "

    @Test func replayListsEveryActionAndSaysOnceThatTheStatesWereNotExported() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("export.json", Self.exportFile)
        let replay = CommandRun.statedbg("replay", "@export.json", in: directory, apps: [])
        #expect(replay.status == .success)
        #expect(replay.output == """
            step 1  INCREMENT
            step 2  INCREMENT(by)
            step 3  DECREMENT
            replayed 3 steps of export.json (actions only: their states were not exported)

            """)
        #expect(replay.error == Self.note + "so each step shows its action without a diff; a statedbg that registers the app (Statedbg.main(apps:)) computes the states with its reducer, and exporting the lifted state from DevTools keeps them.\n")

        let json = CommandRun.statedbg("replay", "@export.json", "--json", "--to", "2", in: directory, apps: [])
        #expect(json.status == .success)
        #expect(json.output == """
            {"action":{"label":"INCREMENT","payload":{"type":"INCREMENT"},"type":"INCREMENT"},"patch":null,"step":1}
            {"action":{"label":"INCREMENT(by)","payload":{"by":2,"type":"INCREMENT"},"type":"INCREMENT"},"patch":null,"step":2}

            """)
        #expect(json.error.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1, "one note")
    }

    @Test func aRegisteredAppsReducerComputesTheStates() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("export.json", Self.exportFile)
        let apps: [any RegisteredApp] = [Self.reduxCounter()]
        let computed = "statedbg: note: export.json is a Redux DevTools Export file, which holds no state after step 0; the states shown are computed by the reducer of the app \"redux\".\n"
        let replay = CommandRun.statedbg("replay", "@export.json", in: directory, apps: apps)
        #expect(replay.status == .success)
        #expect(replay.error == computed)
        #expect(replay.output == """
            step 1  INCREMENT
                {
              -   "count": 5
              +   "count": 6
                }
            step 2  INCREMENT(by)
                {
              -   "count": 6
              +   "count": 8
                }
            step 3  DECREMENT
                {
              -   "count": 8
              +   "count": 7
                }
            replayed 3 steps of export.json

            """)
        let show = CommandRun.statedbg("show", "@export.json", "--step", "2", "--json", in: directory, apps: apps)
        #expect(show.status == .success)
        #expect(show.output == "{\"count\":8}\n")
        let bisect = CommandRun.statedbg("bisect", "@export.json", ".count >= 8", in: directory, apps: apps)
        #expect(bisect.status == .success)
        #expect(bisect.output.hasPrefix(".count >= 8 first holds at step 2"), "\(bisect.output)")
        let verify = CommandRun.statedbg("replay", "@export.json", "--verify", "--quiet", in: directory, apps: apps)
        #expect(verify.status == .success, "\(verify.error)")
    }

    @Test func anAppThatCannotApplyTheActionsLeavesTheActionsReadable() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("export.json", Self.exportFile)
        // The only registered app is the wallet, whose actions are not Redux actions.
        let replay = CommandRun.statedbg("replay", "@export.json", in: directory)
        #expect(replay.status == .success)
        #expect(replay.output.hasPrefix("step 1  INCREMENT\nstep 2  INCREMENT(by)\nstep 3  DECREMENT\n"))
        #expect(replay.error.hasPrefix("statedbg: warning: export.json is a Redux DevTools Export file, which holds no state after step 0, and the reducer of the app \"wallet\" cannot compute them: "), "\(replay.error)")
    }

    @Test func theCommandsThatNeedALaterStateSayItWasNotExported() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("export.json", Self.exportFile)
        let missing = "statedbg: error: export.json: the state after step 3 was not exported: this Redux DevTools Export file holds the actions and the state before them only; replaying it through your app's reducer (`statedbg replay FILE --verify` with the app registered) computes the states, or export the lifted state from DevTools to keep them.\n"
        let show = CommandRun.statedbg("show", "@export.json", in: directory, apps: [])
        #expect(show.status == .dataError)
        #expect(show.error == missing)
        let first = CommandRun.statedbg("show", "@export.json", "--step", "0", "--json", in: directory, apps: [])
        #expect(first.status == .success)
        #expect(first.output == "{\"count\":5}\n")
        let log = CommandRun.statedbg("log", "@export.json", in: directory, apps: [])
        #expect(log.status == .success)
        #expect(log.output.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 3)
        let diff = CommandRun.statedbg("diff", "@export.json", "0", "3", in: directory, apps: [])
        #expect(diff.status == .dataError)
        #expect(diff.error == missing)
    }

    @Test func theReplStepsThroughTheActionsSayingTheirStatesWereNotExported() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("export.json", Self.exportFile)
        let run = CommandRun.statedbg("repl", "@export.json", "-c", "first; next; next", in: directory, apps: [])
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output == """
            step 0  (initial state)
            step 1  INCREMENT
                (its state was not exported)
            step 2  INCREMENT(by)
                (its state was not exported)

            """)
        #expect(run.error == Self.note + "so the steps after it show their actions only; a statedbg that registers the app (Statedbg.main(apps:)) computes the states with its reducer, and exporting the lifted state from DevTools keeps them.\n")
    }

    /// `<package root>/../shared/conformance/redux-devtools-exports`.
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/conformance/redux-devtools-exports")

    /// Every command on every sample, without an app: the commands that need only the actions or the
    /// recorded states succeed, the others say what is missing, and none crashes or takes it for a journal.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: samples.path),
                   "the samples are not at ../shared/conformance/redux-devtools-exports, so this did not run"))
    func everyCommandOpensEverySample() throws {
        let directory = try TemporaryDirectory()
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count == 12)
        for name in names {
            let path = Self.samples.appendingPathComponent(name).path
            let source = try RecordingLoader.open(path: path)
            let export = try #require(source as? ReduxDevToolsImport)
            let hasStates = export.hasStates
            let initial = export.hasState(at: 0)
            let states: TerminalKit.ExitStatus = hasStates ? .success : .dataError
            let showLast: TerminalKit.ExitStatus = hasStates || (export.lastStep == 0 && initial) ? .success : .dataError
            let showFirst: TerminalKit.ExitStatus = initial ? .success : .dataError
            func run(_ arguments: String...) -> CommandRun { CommandRun.statedbg(arguments, in: directory, apps: []) }
            let expectations: [([String], TerminalKit.ExitStatus)] = [
                (["log", path], .success),
                (["replay", path], .success),
                (["replay", path, "--json"], .success),
                (["show", path, "--step", "0"], showFirst),
                (["show", path], showLast),
                (["diff", path, "0", String(export.lastStep)], states),
                (["changes", path, "."], states),
                (["check", path], .usage),
                (["view", path, "-o", directory.file(name + ".html")], .success),
                (["export", path, "--redux-devtools", "-o", directory.file(name + ".lifted.json")], states),
                (["repl", path, "-c", "last; log"], .success),
            ]
            for (arguments, status) in expectations {
                let result = CommandRun.statedbg(arguments, in: directory, apps: [])
                let command = arguments.joined(separator: " ")
                #expect(result.status == status, "\(name): \(command): \(result.error)")
                if result.status != .success {
                    let said = result.error.contains("was not exported") || result.error.contains("check reads statedbg journals")
                    #expect(said, "\(name): \(command): \(result.error)")
                }
            }
            let replay = run("replay", path)
            #expect(replay.output.components(separatedBy: "\n").filter { $0.hasPrefix("step ") }.count == export.lastStep, "\(name): every action is listed")
            #expect(replay.error.isEmpty == hasStates, "\(name): the note is there exactly when the states are missing")
        }
    }
}
