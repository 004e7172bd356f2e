/// The overhead scenario's state, declared as an app declares it: public, `Codable`, and not `Sendable`
/// (a public struct is not implicitly `Sendable`), so the recorder must decide from the type alone
/// whether it may hand the state to its writer thread.
public struct TodoState: Codable, Equatable {
    /// The todos, each with a heap-allocated title: copying the array retains every title.
    public var todos: [Todo]

    /// `count` todos with ids 0 through count - 1 (an id is also the todo's index), none done.
    static func generated(count: Int) -> TodoState {
        TodoState(todos: (0..<count).map { Todo(id: $0, title: "Todo number \($0): water the plants", done: false) })
    }
}

/// One todo: an id, a title long enough to live on the heap, and whether it is done.
public struct Todo: Codable, Equatable, Sendable {
    /// The todo's index in the list.
    public var id: Int
    /// A title on the heap, as most are.
    public var title: String
    /// Whether it is done: what ``ToggleTodo`` changes.
    public var done: Bool
}
