extension TCASearchApp {
    /// A reducer made from a closure, for reducers built from other reducers.
    public struct Reduce<State, Action>: Reducer {
        private let body: (inout State, Action) -> Effect<Action>

        /// A reducer that runs `body`.
        public init(_ body: @escaping (inout State, Action) -> Effect<Action>) {
            self.body = body
        }

        /// Runs the closure.
        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            body(&state, action)
        }
    }
}
