extension RxTodosApp {
    /// Something that happened to the list; ``TodoState`` reacts to each.
    public enum TodoEvent: Codable, Equatable, Sendable {
        /// A to-do was created.
        case added(Todo)
        /// A to-do got a new title.
        case renamed(id: Int, title: String)
        /// A to-do was ticked or unticked.
        case toggled(id: Int)
        /// A to-do was deleted.
        case removed(id: Int)
        /// The list shows other to-dos.
        case filterChanged(Filter)
    }
}
