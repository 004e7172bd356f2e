extension RxTodosApp {
    /// Ticks or unticks a to-do.
    public struct ToggleTodo: TodoCommand {
        /// The to-do's identifier.
        public var id: Int

        /// A command toggling to-do `id`.
        public init(id: Int) {
            self.id = id
        }

        /// `.toggled` when the to-do exists.
        public func events(for state: TodoState) -> [TodoEvent] {
            state.items.contains { $0.id == id } ? [.toggled(id: id)] : []
        }
    }
}
