import ExampleApps
import StateJournal
import StateRecorder
import Testing
import TestSupport

@Suite struct ReSwiftUsersAppTests {
    typealias App = ReSwiftUsersApp

    @Test func theStoreRunsEachActionThroughTheReducerAndTellsItsSubscribers() {
        let store = App.Store(reducer: App.usersReducer, state: nil)
        var counts: [Int] = []
        store.subscribe { counts.append($0.users.count) }
        store.dispatch(App.AddUser(firstName: "Ada", lastName: "Lovelace", age: 36))
        store.dispatch(App.AddUser(firstName: "Alan", lastName: "Mathison", age: 41))
        store.dispatch(App.RenameUser(id: 2, firstName: "Alan", lastName: "Turing"))
        store.dispatch(App.UpdateAge(id: 1, age: 37))
        store.dispatch(App.RemoveUser(id: 9))
        store.dispatch(App.RemoveUser(id: 1))
        #expect(store.state == App.UsersState(users: [App.User(id: 2, firstName: "Alan", lastName: "Turing", age: 41)], nextID: 3))
        #expect(counts == [0, 1, 2, 2, 2, 2, 1])
    }

    @Test func middlewareWrapsTheReducerOutermostFirst() {
        var log: [String] = []
        func logging(_ name: String) -> App.Middleware<App.UsersState> {
            { _, getState in { next in { action in
                log.append("\(name) before \(type(of: action)): \(getState()?.users.count ?? -1) users")
                next(action)
                log.append("\(name) after: \(getState()?.users.count ?? -1) users")
            } } }
        }
        let store = App.Store(reducer: App.usersReducer, state: nil, middleware: [logging("outer"), logging("inner")])
        store.dispatch(App.AddUser(firstName: "Ada", lastName: "Lovelace", age: 36))
        #expect(log == ["outer before AddUser: 0 users", "inner before AddUser: 0 users",
                        "inner after: 1 users", "outer after: 1 users"])
    }

    @Test func anAgeFieldThatIsNotANumberStoresMinusOne() {
        #expect(App.ageFieldChanged(id: 1, text: "42") == App.UpdateAge(id: 1, age: 42))
        #expect(App.ageFieldChanged(id: 1, text: "4O") == App.UpdateAge(id: 1, age: -1))
        let store = App.Store(reducer: App.usersReducer, state: nil)
        store.dispatch(App.AddUser(firstName: "Ada", lastName: "Lovelace", age: 36))
        store.dispatch(App.ageFieldChanged(id: 1, text: "forty"))
        #expect(store.state.users[0].age == -1)
    }

    @Test func theGeneratorIsDeterministicAndSometimesTypesAnAgeThatIsNotANumber() {
        func run(_ seed: UInt64) -> [String] {
            let store = App.Store(reducer: App.usersReducer, state: nil)
            var rng = SeededGenerator(seed: seed)
            return (0..<300).map { _ in
                let action = App.randomAction(for: store.state, using: &rng)
                store.dispatch(action)
                return String(describing: action)
            }
        }
        let first = run(5)
        #expect(first == run(5))
        #expect(first != run(6))
        #expect(first.contains { $0.hasPrefix("UpdateAge(") && $0.hasSuffix("age: -1)") })
        for kind in ["AddUser", "RenameUser", "UpdateAge", "RemoveUser"] {
            #expect(first.contains { $0.hasPrefix(kind + "(") }, "no \(kind) in 300 actions")
        }
    }

    @Test func recordingFiftyActionsThroughTheMiddlewareJournalsEveryStateTheStoreHad() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("users.jsonl")
        let recorder = try Recorder(app: App.definition, journal: path, clock: RecordingClock.fixed())
        let store = App.Store(reducer: App.usersReducer, state: nil, middleware: [App.recordingMiddleware(recorder)])
        var states: [App.UsersState] = []
        store.subscribe { states.append($0) }
        var rng = SeededGenerator(seed: 39)
        var actions: [any App.Action] = []
        for _ in 0..<50 {
            actions.append(App.randomAction(for: store.state, using: &rng))
            store.dispatch(actions[actions.count - 1])
        }
        try recorder.close()

        #expect(try journalStates(at: path, as: App.UsersState.self) == states)
        let reader = try JournalReader(path: path)
        #expect(reader.lastStep == 50)
        let recorded = try (1...50).map { step throws(JournalError) in try reader.action(at: step) }
        #expect(recorded.map(\.type) == actions.map { App.definition.actions.tag(of: $0) })
        #expect(recorded.allSatisfy { $0.isReplayable })
        #expect(recorded.allSatisfy { $0.site == nil })
        #expect(states.contains { $0.users.contains { $0.age == -1 } }, "seed 39 should reach the -1 age within 50 actions")
    }

    @Test func aRecordingReplaysThroughTheDefinitionsReducer() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("users.jsonl")
        _ = try App.definition.record(to: path, steps: 50, seed: 39, options: RecorderOptions(), clock: RecordingClock.fixed())
        #expect(try JournalReader(path: path).lastStep == 50)
        #expect(try stepsReplayingDifferently(path, through: App.definition) == [])
    }
}
