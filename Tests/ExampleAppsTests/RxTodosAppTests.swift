import ExampleApps
import StateJSON
import StateJournal
import StateRecorder
import Testing
import TestSupport

@Suite struct RxTodosAppTests {
    typealias App = RxTodosApp

    /// The list as it was after one step, copied out of the object that goes on changing.
    struct Snapshot: Equatable {
        var items: [App.Todo]
        var nextID: Int
        var filter: App.Filter

        init(_ state: App.TodoState) {
            items = state.items
            nextID = state.nextID
            filter = state.filter
        }
    }

    @Test func theStateIsOneObjectThatReactsToEachEventInPlace() {
        let state = App.TodoState()
        let store = App.TodoStore(state: state)
        store.dispatch(.added(App.Todo(id: 1, title: "Buy milk")))
        store.dispatch(.added(App.Todo(id: 2, title: "Call mum")))
        store.dispatch(.toggled(id: 1))
        store.dispatch(.renamed(id: 2, title: "Call dad"))
        store.dispatch(.filterChanged(.active))
        #expect(store.state === state)
        #expect(state.items == [App.Todo(id: 1, title: "Buy milk", isDone: true), App.Todo(id: 2, title: "Call dad")])
        #expect(state.visibleItems == [App.Todo(id: 2, title: "Call dad")])
        #expect(state.nextID == 3)
    }

    @Test func commandsSayWhichEventsFollow() {
        let store = App.TodoStore(state: App.TodoState())
        var events: [App.TodoEvent] = []
        store.observe { event, _ in events.append(event) }
        store.execute(App.AddTodo(title: "  Pay rent "))
        store.execute(App.AddTodo(title: "   "))
        store.execute(App.AddTodo(title: "Fix bike"))
        store.execute(App.AddTodo(title: "Water plants"))
        store.execute(App.ToggleTodo(id: 1))
        store.execute(App.ToggleTodo(id: 3))
        store.execute(App.ToggleTodo(id: 9))
        store.execute(App.ClearCompleted())
        #expect(events == [.added(App.Todo(id: 1, title: "Pay rent")), .added(App.Todo(id: 2, title: "Fix bike")),
                           .added(App.Todo(id: 3, title: "Water plants")), .toggled(id: 1), .toggled(id: 3),
                           .removed(id: 1), .removed(id: 3)])
        #expect(store.state.items == [App.Todo(id: 2, title: "Fix bike")])
    }

    @Test func theGeneratorIsDeterministicAndEveryEventChangesTheList() {
        func run(_ seed: UInt64) -> [App.TodoEvent] {
            let state = App.TodoState()
            var rng = SeededGenerator(seed: seed)
            return (0..<300).map { _ in
                let before = Snapshot(state)
                let event = App.randomEvent(for: state, using: &rng)
                state.react(to: event)
                #expect(Snapshot(state) != before, "\(event) changed nothing")
                return event
            }
        }
        let first = run(2)
        #expect(first == run(2))
        #expect(first != run(3))
    }

    @Test func recordingFiftyEventsCapturesEachStepsStateThoughTheSameObjectChangesInPlace() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("todos.jsonl")
        let store = App.TodoStore(state: App.TodoState())
        let recorder = try Recorder(app: App.definition, journal: path, initialState: store.state,
                                    clock: RecordingClock.fixed())
        App.record(store, into: recorder)
        var snapshots = [Snapshot(store.state)]
        store.observe { _, state in snapshots.append(Snapshot(state)) }
        var rng = SeededGenerator(seed: 2)
        for _ in 0..<50 {
            store.dispatch(App.randomEvent(for: store.state, using: &rng))
        }
        try recorder.close()

        let recorded = try journalStates(at: path, as: App.TodoState.self).map(Snapshot.init)
        #expect(recorded.count == 51)
        #expect(recorded == snapshots)
        // Each step changed the list, in the app and in the journal: no step reads as "(no change)",
        // as it would if the recorder had kept the object and encoded it after it changed again.
        let appChanged = zip(snapshots, snapshots.dropFirst()).map { $0 != $1 }
        let journal = try journalStates(at: path)
        let journalChanged = zip(journal, journal.dropFirst()).map { $0 != $1 }
        #expect(appChanged == Array(repeating: true, count: 50))
        #expect(journalChanged == appChanged)
        // The journal's initial state is the empty list the object was when recording began.
        #expect(recorded[0] == Snapshot(App.TodoState()))
        #expect(store.state.items.count > 0)
    }

    @Test func recordingStartsEachSessionFromANewStateAndNeverChangesTheOneItWasGiven() throws {
        let directory = try TemporaryDirectory()
        let initial = App.definition.makeInitialState()
        #expect(App.definition.makeInitialState() !== initial)
        _ = try App.definition.record(to: directory.file("generated.jsonl"), steps: 50, seed: 2,
                                      options: RecorderOptions(), clock: RecordingClock.fixed())
        #expect(Snapshot(App.definition.makeInitialState()) == Snapshot(App.TodoState()))

        let given = App.TodoState(items: [App.Todo(id: 1, title: "Buy milk")], nextID: 2)
        let recorder = try Recorder(app: App.definition, journal: directory.file("given.jsonl"), initialState: given,
                                    clock: RecordingClock.fixed())
        let store = App.TodoStore(state: App.TodoState())
        App.record(store, into: recorder)
        var rng = SeededGenerator(seed: 2)
        for _ in 0..<50 {
            store.dispatch(App.randomEvent(for: store.state, using: &rng))
        }
        try recorder.close()
        #expect(Snapshot(given) == Snapshot(App.TodoState(items: [App.Todo(id: 1, title: "Buy milk")], nextID: 2)))
        #expect(try journalStates(at: directory.file("given.jsonl"), as: App.TodoState.self).first.map(Snapshot.init)
            == Snapshot(given))
    }

    @Test func aRecordingReplaysThroughANewStateObject() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("todos.jsonl")
        _ = try App.definition.record(to: path, steps: 50, seed: 2, options: RecorderOptions(), clock: RecordingClock.fixed())
        #expect(try JournalReader(path: path).lastStep == 50)
        #expect(try stepsReplayingDifferently(path, through: App.definition) == [])
    }
}
