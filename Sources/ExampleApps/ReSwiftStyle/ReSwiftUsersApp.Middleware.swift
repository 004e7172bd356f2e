extension ReSwiftUsersApp {
    /// Hands an action on, towards the reducer.
    public typealias DispatchFunction = (any Action) -> Void

    /// ReSwift's middleware: given the store's `dispatch` and a way to read its state, wraps the next
    /// dispatch function in the chain.
    public typealias Middleware<State> =
        (@escaping DispatchFunction, @escaping () -> State?) -> (@escaping DispatchFunction) -> DispatchFunction

    /// A reducer as ReSwift has them: the new state for an action and the current state (`nil` at first).
    public typealias Reducer<State> = (_ action: any Action, _ state: State?) -> State
}
