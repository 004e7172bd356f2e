extension RxTodosApp {
    /// Deletes every to-do that is done, one event each.
    public struct ClearCompleted: TodoCommand {
        /// A command clearing the done to-dos.
        public init() {}

        /// `.removed` for each done to-do, oldest first.
        public func events(for state: TodoState) -> [TodoEvent] {
            state.items.filter(\.isDone).map { .removed(id: $0.id) }
        }
    }
}
