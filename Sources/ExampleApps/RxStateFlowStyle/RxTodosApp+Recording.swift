import StateRecorder

// statedbg glue for the RxStateFlow-style to-do list: the 5 lines of code below (the import aside), an
// observer on the app's store. The app calls it once, with a recorder made from `definition`:
//
//     RxTodosApp.record(store, into: try Recorder(app: RxTodosApp.definition, journal: "todos.jsonl", initialState: store.state))

extension RxTodosApp {
    /// Journals every event `store` dispatches, with the state right after it reacted. The state is
    /// turned into JSON during the call, before the object changes again.
    public static func record(_ store: TodoStore, into recorder: Recorder<TodoState, TodoEvent>) {
        store.observe { event, state in recorder.record(event, state: state, site: nil) }
    }
}
