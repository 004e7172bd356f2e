/// The todos as statedbg's own store requires its state: `Codable`, `Equatable` and `Sendable`.
struct SendableTodoState: Codable, Equatable, Sendable {
    var todos: [Todo]
}

/// The action of statedbg's own store in the overhead scenario.
enum TodoAction: Codable, Equatable, Sendable {
    case toggle(id: Int)
}
