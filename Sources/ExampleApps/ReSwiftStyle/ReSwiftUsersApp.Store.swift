extension ReSwiftUsersApp {
    /// The app's store, a small ReSwift: dispatch runs the middleware chain, then the reducer, then
    /// tells the subscribers. Used on one thread (the main one, in the app).
    public final class Store<State> {
        /// The current state.
        public private(set) var state: State
        private let reducer: Reducer<State>
        private var subscribers: [(State) -> Void] = []
        private var dispatchFunction: DispatchFunction = { _ in }

        /// A store whose first state is `state`, or what the reducer makes from `nil`.
        ///
        /// - Parameter middleware: Outermost first: the first one sees every action before the others.
        public init(reducer: @escaping Reducer<State>, state: State?, middleware: [Middleware<State>] = []) {
            self.reducer = reducer
            self.state = state ?? reducer(Initialize(), nil)
            let reduce: DispatchFunction = { [unowned self] action in self.reduce(action) }
            dispatchFunction = middleware.reversed().reduce(reduce) { next, middleware in
                middleware({ [weak self] action in self?.dispatch(action) }, { [weak self] in self?.state })(next)
            }
        }

        /// Sends `action` through the middleware to the reducer.
        public func dispatch(_ action: any Action) {
            dispatchFunction(action)
        }

        /// Calls `subscriber` with the current state now and with every new state.
        public func subscribe(_ subscriber: @escaping (State) -> Void) {
            subscribers.append(subscriber)
            subscriber(state)
        }

        private func reduce(_ action: any Action) {
            state = reducer(action, state)
            for subscriber in subscribers { subscriber(state) }
        }

        /// The action a store reduces once to make its first state, as ReSwift's `ReSwiftInit`.
        struct Initialize: Action {}
    }
}
