/// Something a store did, as reported to a ``StoreObserver``.
public enum StoreEvent<State: Sendable, Action: Sendable>: Sendable {
    /// `action` reached the reducer; `state` is the store's state afterwards (the unchanged old state
    /// when `outcome` is ``DispatchOutcome/rejected(_:)``).
    ///
    /// `action` is the action the reducer saw, after any middleware transformed it, so replaying
    /// these actions through the reducer reproduces the states.
    case processed(action: Action, state: State, outcome: DispatchOutcome)
    /// A middleware stopped `action`, as dispatched, before it reached the reducer.
    case dropped(action: Action)
    /// A command threw.
    case commandFailed(CommandFailure)
    /// The state was replaced wholesale (time travel or loading a file); `state` is the new state.
    case travelled(state: State)
}
