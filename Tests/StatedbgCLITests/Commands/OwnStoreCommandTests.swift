import Foundation
import StateJSON
import StateJournal
import StateRecorder
import StatedbgCLI
import TerminalKit
import Testing
import TestSupport

/// An app with a store of its own, as the README's "Use it in your app" shows: struct actions behind
/// the app's own protocol, one of them not `Codable`, and a reducer `(Action, State?) -> State`.
protocol TallyAction {}
struct Add: TallyAction, Codable { var amount: Int }
struct Reset: TallyAction, Codable {}
/// Carries a closure, as effects do: recorded through reflection, not replayable.
struct Notify: TallyAction { var text: String; var send: @Sendable (String) -> Void }

struct Tally: Codable, Equatable, Sendable { var total = 0; var adds = 0 }

/// The same state with a member that is not `Codable`, so it is recorded through reflection.
struct ObservedTally: Sendable {
    var total = 0
    var onChange: @Sendable (Int) -> Void = { _ in }
}

func tallyReducer(action: any TallyAction, state: Tally?) -> Tally {
    var state = state ?? Tally()
    switch action {
    case let add as Add:
        state.total += add.amount
        state.adds += 1
    case is Reset: state = Tally()
    default: break
    }
    return state
}

func observedReducer(action: any TallyAction, state: ObservedTally?) -> ObservedTally {
    var state = state ?? ObservedTally()
    if let add = action as? Add { state.total += add.amount }
    return state
}

enum TallyFixture {
    static let actions = ActionRegistry(Add.self, Reset.self)
    static let app = AppDefinition<Tally, any TallyAction>(
        id: "tally", initialState: Tally(), actions: actions, reducer: tallyReducer)
    static let observed = AppDefinition<ObservedTally, any TallyAction>(
        id: "observed", initialState: ObservedTally(), actions: actions, reducer: observedReducer)

    /// Records `actions` through the app's reducer, as a middleware would, with sites of a view file.
    static func record<State>(_ app: AppDefinition<State, any TallyAction>, _ actions: [any TallyAction],
                              to path: String) throws {
        let recorder = try Recorder(app: app, journal: path, clock: RecordingClock.fixed())
        var state = app.makeInitialState()
        for (index, action) in actions.enumerated() {
            app.reduce(&state, action)
            recorder.record(action, state: state, site: CallSite(fileID: "Tally/TallyView.swift", line: 10 + index))
        }
        try recorder.close()
    }

    static var session: [any TallyAction] { [Add(amount: 2), Notify(text: "two", send: { _ in }), Add(amount: 3), Reset(),
                                             Add(amount: 4)] }
}

@Suite struct OwnStoreCommandTests {
    @Test func logAndShowPrintWhereEachActionWasDispatched() throws {
        let directory = try TemporaryDirectory()
        try TallyFixture.record(TallyFixture.app, TallyFixture.session, to: directory.file("t.jsonl"))
        let log = CommandRun.statedbg("log", "@t.jsonl", in: directory, apps: [TallyFixture.app])
        #expect(log.status == .success)
        #expect(log.output == """
                 1  Add(amount: 2)  at Tally/TallyView.swift:10
                 2  Notify(text: "two", send: (Function))  at Tally/TallyView.swift:11
                 3  Add(amount: 3)  at Tally/TallyView.swift:12
                 4  Reset  at Tally/TallyView.swift:13
                 5  Add(amount: 4)  at Tally/TallyView.swift:14

            """)
        let show = CommandRun.statedbg("show", "@t.jsonl", "--step", "3", "--action", in: directory, apps: [TallyFixture.app])
        #expect(show.output == """
            step 3  Add(amount: 3)  at Tally/TallyView.swift:12
            {
              "adds": 2,
              "total": 5
            }

            """)
        let effect = CommandRun.statedbg("show", "@t.jsonl", "--step", "2", "--action", in: directory, apps: [TallyFixture.app])
        #expect(effect.output.hasPrefix(#"step 2  Notify(text: "two", send: (Function))  at Tally/TallyView.swift:11  (not replayable)"#))
    }

    @Test func verifyingStepsOverAnActionRecordedWithoutCodableWhenTheStateDecodes() throws {
        let directory = try TemporaryDirectory()
        try TallyFixture.record(TallyFixture.app, TallyFixture.session, to: directory.file("t.jsonl"))
        let run = CommandRun.statedbg("replay", "@t.jsonl", "--verify", "--quiet", in: directory, apps: [TallyFixture.app])
        #expect(run.status == .success)
        #expect(run.output == """
            schema: compatible: the recording's state and action types match the current code
            verified 4 of 5 steps: every replayed state matches
            not replayed: the action Notify (1 step: 2) was recorded without Codable, so the replay took its recorded state; to replay it, declare Codable on its action type in the file that declares the type (Swift synthesizes Codable only there), and register the type in the app's ActionRegistry.

            """)
        // --strict allows no step that was not replayed.
        let strict = CommandRun.statedbg("replay", "@t.jsonl", "--verify", "--quiet", "--strict", in: directory, apps: [TallyFixture.app])
        #expect(strict.status == .checkFailed)
        #expect(strict.output.hasSuffix("""
            ActionRegistry.
            --strict: 1 step was not replayed, so the verification fails

            """))
    }

    @Test func verifyingStopsWithAClearErrorWhereNeitherActionNorStateDecodes() throws {
        let directory = try TemporaryDirectory()
        try TallyFixture.record(TallyFixture.observed, TallyFixture.session, to: directory.file("o.jsonl"))
        let run = CommandRun.statedbg("replay", "@o.jsonl", "--verify", "--quiet", in: directory, apps: [TallyFixture.observed])
        #expect(run.status == .dataError)
        #expect(run.output.contains(
            "o.jsonl:3: step 2: action Notify was recorded without Codable, so it cannot be replayed; the state type StatedbgCLITests.ObservedTally is not Decodable, so the replay cannot continue from its recorded state (the 1 step before it match)\n"))
        // The reading commands work on such a recording all the same.
        let diff = CommandRun.statedbg("diff", "@o.jsonl", "0", "1", in: directory, apps: [TallyFixture.observed])
        #expect(diff.status == .success)
        #expect(diff.output.contains("total"))
        let changes = CommandRun.statedbg("changes", "@o.jsonl", ".total", in: directory, apps: [TallyFixture.observed])
        #expect(changes.status == .success)
        #expect(changes.output.contains("step 3"))
        let bisect = CommandRun.statedbg("bisect", "@o.jsonl", ".total > 4", in: directory, apps: [TallyFixture.observed])
        #expect(bisect.status == .success)
        #expect(bisect.output.contains("step 3"))
        let repl = CommandRun.statedbg("repl", "@o.jsonl", "-c", "jump 2; action", in: directory, apps: [TallyFixture.observed])
        #expect(repl.status == .success)
        #expect(repl.output.contains("replayable: no"))
    }

    @Test func aRecordingOfAnUnregisteredAppSaysHowToRegisterIt() throws {
        let directory = try TemporaryDirectory()
        try TallyFixture.record(TallyFixture.app, [Add(amount: 1)], to: directory.file("t.jsonl"))
        let run = CommandRun.statedbg("replay", "@t.jsonl", "--verify", in: directory, apps: [])
        #expect(run.status == .usage)
        #expect(run.error.contains(#"the app "tally", which this statedbg does not know"#))
        #expect(run.error.contains(#"README.md under "Your own statedbg""#))
    }
}
