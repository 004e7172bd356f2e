extension RxTodosApp {
    /// Holds the app's one ``TodoState``, lets it react to each event, and tells the observers
    /// afterwards. Used on one thread.
    public final class TodoStore {
        /// The state; the same object for the store's lifetime.
        public let state: TodoState
        private var observers: [(TodoEvent, TodoState) -> Void] = []

        /// A store around `state`.
        public init(state: TodoState) {
            self.state = state
        }

        /// Lets the state react to `event`, then tells the observers.
        public func dispatch(_ event: TodoEvent) {
            state.react(to: event)
            for observer in observers { observer(event, state) }
        }

        /// Dispatches the events `command` asks for on the current state.
        public func execute(_ command: some TodoCommand) {
            for event in command.events(for: state) { dispatch(event) }
        }

        /// Calls `observer` after each event, with the event and the state that reacted to it.
        public func observe(_ observer: @escaping (TodoEvent, TodoState) -> Void) {
            observers.append(observer)
        }
    }
}
