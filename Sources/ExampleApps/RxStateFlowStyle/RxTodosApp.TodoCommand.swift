extension RxTodosApp {
    /// What the user asks for; a command reads the state and says which events follow.
    public protocol TodoCommand {
        /// The events that carry the command out on `state`, in order (none when there is nothing to do).
        func events(for state: TodoState) -> [TodoEvent]
    }
}
