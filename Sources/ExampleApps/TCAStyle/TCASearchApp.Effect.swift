extension TCASearchApp {
    /// Work a reducer asks the store to do after it returns, which may send more actions.
    public struct Effect<Action> {
        /// The work, each given a way to send actions back to the store.
        let operations: [(_ send: (Action) -> Void) -> Void]

        /// No work.
        public static var none: Effect { Effect(operations: []) }

        /// Work that may send actions, such as a network request sending its response.
        public static func run(_ operation: @escaping (_ send: (Action) -> Void) -> Void) -> Effect {
            Effect(operations: [operation])
        }
    }
}
