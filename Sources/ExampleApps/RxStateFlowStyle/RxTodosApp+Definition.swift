import StateRecorder

extension RxTodosApp {
    /// The list as statedbg records, replays and generates it: its events, the state's `react(to:)`,
    /// and a seeded generator of what someone does with a to-do list. Each replay and generated
    /// session starts from a new, empty ``TodoState``.
    public static let definition = AppDefinition<TodoState, TodoEvent>(
        id: "todos-rxstateflow",
        summary: "A to-do list written RxStateFlow's way: a state object that reacts to events in place.",
        swiftName: "RxTodosApp.definition",
        initialState: TodoState(),
        actions: ActionRegistry(TodoEvent.self),
        actionSamples: [.added(Todo(id: 1, title: "Buy milk")), .renamed(id: 1, title: "Buy oat milk"), .toggled(id: 1),
                        .removed(id: 1), .filterChanged(.active)],
        reduce: { state, event in state.react(to: event) },
        randomAction: { state, generator in randomEvent(for: state, using: &generator) })

    /// Things people write on to-do lists.
    static let titles = ["Buy milk", "Call mum", "Pay rent", "Water plants", "Book dentist", "Fix bike",
                         "Write report", "Renew passport", "Clean kitchen", "Return library books"]

    /// A plausible next event, one that changes the list: adds while it is short, then mostly ticks,
    /// renames and deletes, now and then another filter.
    package static func randomEvent(for state: TodoState, using rng: inout some RandomNumberGenerator) -> TodoEvent {
        guard let todo = rng.element(of: state.items), state.items.count >= 3 || rng.chance(percent: 30) else {
            return .added(Todo(id: state.nextID, title: rng.element(of: titles) ?? "Buy milk"))
        }
        switch rng.bounded(10) {
        case 0..<2:
            return .added(Todo(id: state.nextID, title: rng.element(of: titles) ?? "Buy milk"))
        case 2..<5:
            return .toggled(id: todo.id)
        case 5..<7:
            let title = rng.element(of: titles.filter { $0 != todo.title }) ?? "Buy bread"
            return .renamed(id: todo.id, title: title)
        case 7..<9:
            return .removed(id: todo.id)
        default:
            return .filterChanged(rng.element(of: Filter.allCases.filter { $0 != state.filter }) ?? .all)
        }
    }
}
