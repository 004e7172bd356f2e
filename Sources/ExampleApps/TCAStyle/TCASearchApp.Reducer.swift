extension TCASearchApp {
    /// A feature's logic: changes the state for an action and says what work should follow.
    public protocol Reducer<State, Action> {
        /// The feature's state.
        associatedtype State
        /// What can happen in the feature.
        associatedtype Action

        /// Applies `action` to `state` and returns the effect to run next (``Effect/none`` for none).
        func reduce(into state: inout State, action: Action) -> Effect<Action>
    }
}
