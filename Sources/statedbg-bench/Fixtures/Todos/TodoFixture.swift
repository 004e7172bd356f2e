import StateRecorder
import StateStore

/// The reducers, actions and apps of the overhead scenario.
enum TodoFixture {
    /// The ReSwift-style reducer: `(Action, State?) -> State`, returning a changed copy of the state.
    static func reducer(_ action: any OwnAction, _ state: TodoState?) -> TodoState {
        var state = state ?? TodoState(todos: [])
        if let toggle = action as? ToggleTodo, state.todos.indices.contains(toggle.id) {
            state.todos[toggle.id].done.toggle()
        }
        return state
    }

    /// The reducer of statedbg's own store, which changes the state in place.
    static let storeReducer = Reducer<SendableTodoState, TodoAction> { state, action in
        switch action {
        case .toggle(let id):
            if state.todos.indices.contains(id) { state.todos[id].done.toggle() }
        }
    }

    static func app(todos: Int) -> RecordableApp<SendableTodoState, TodoAction> {
        RecordableApp(id: "todos", summary: "\(todos) todos",
                      initialState: SendableTodoState(todos: TodoState.generated(count: todos).todos),
                      reducer: storeReducer, actionSamples: [.toggle(id: 0)])
    }

    /// The todo dispatch `index` toggles: every todo once per cycle (7919 is prime), a different one each time.
    static func id(_ index: Int, todos: Int) -> Int {
        (index &* 7919) % max(1, todos)
    }
}
