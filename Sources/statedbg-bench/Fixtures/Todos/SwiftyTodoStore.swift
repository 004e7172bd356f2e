/// A store as a SwiftyState-style app writes its own: each action reduces a copy of the state in place,
/// validators may refuse the result, and observers hear of every outcome (the recorder is one of them).
final class SwiftyTodoStore {
    /// What happened to an action.
    enum Change {
        case applied(ToggleTodo, state: TodoState)
        case rejected(ToggleTodo, reason: String)
    }

    private(set) var state: TodoState
    private var observers: [(Change) -> Void] = []

    init(state: TodoState) {
        self.state = state
    }

    func observe(_ observer: @escaping (Change) -> Void) {
        observers.append(observer)
    }

    func dispatch(_ action: ToggleTodo) {
        var candidate = state
        guard candidate.todos.indices.contains(action.id) else {
            notify(.rejected(action, reason: "no todo \(action.id)"))
            return
        }
        candidate.todos[action.id].done.toggle()
        state = candidate
        notify(.applied(action, state: candidate))
    }

    private func notify(_ change: Change) {
        for observer in observers { observer(change) }
    }
}
