extension TCASearchApp {
    /// Holds a feature's state, runs its reducer for each action sent, and runs the effects it
    /// returns at once, on the sending thread, so actions they send are handled before `send` returns.
    public final class Store<State, Action> {
        /// The current state.
        public private(set) var state: State
        private let reducer: any Reducer<State, Action>

        /// A store starting from `initialState`.
        public init(initialState: State, reducer: some Reducer<State, Action>) {
            state = initialState
            self.reducer = reducer
        }

        /// Handles `action`, then the actions its effects send, in order.
        public func send(_ action: Action) {
            let effect = reducer.reduce(into: &state, action: action)
            for operation in effect.operations {
                operation { [weak self] action in self?.send(action) }
            }
        }
    }
}
