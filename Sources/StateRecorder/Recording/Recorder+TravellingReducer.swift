extension Recorder {
    /// Your reducer, made to travel: it answers statedbg's ``TravelAction`` with the state of the step
    /// travelled to, and hands every other action to `reducer`.
    ///
    /// For a store whose state is read-only, as ReSwift's is: ``undo(_:)``, ``redo(_:)``, ``jump(to:)``
    /// and the debugger's `app jump` reach the state through the store's own dispatch, as Redux
    /// DevTools does by wrapping the reducer, so its subscribers see the state travelled to. Give the
    /// recorder the store's dispatch once the store exists (``travels(dispatching:)``); the travel is
    /// journaled when this reducer applies it, and the store's recording of it is not a step.
    ///
    /// ```swift
    /// extension TravelAction: Action {}      // your action protocol can hold statedbg's action
    ///
    /// let recorder = try Recorder(app: usersApp, journal: path)
    /// let store = Store<AppState>(reducer: recorder.travelling({ appReducer(action: $0, state: $1) }),
    ///                             state: nil, middleware: [recording])
    /// recorder.travels(dispatching: { [weak store] in store?.dispatch($0) })
    /// ```
    ///
    /// While no travel is under way, it costs each action one relaxed atomic load.
    ///
    /// - Parameter reducer: The app's reducer, ReSwift's shape: the new state for an action and the
    ///   current state (`nil` at first).
    /// - Returns: The reducer to give the store in its place.
    public func travelling(_ reducer: @escaping (Action, State?) -> State) -> (Action, State?) -> State {
        let travel = travel
        return { action, state in travel.arrived(action) ?? reducer(action, state) }
    }

    /// Your reducer that changes the state in place (`reduce(into:action:)`), made to travel: as
    /// `travelling(_:)` for ReSwift's shape.
    ///
    /// ```swift
    /// enum AppAction { case add(String), travel(TravelAction<AppState>) }   // a case holds statedbg's action
    ///
    /// let store = AppStore(reduce: recorder.travelling({ appReduce(into: &$0, action: $1) }))
    /// recorder.travels(dispatching: { [weak store] in store?.send(.travel($0)) })
    /// ```
    public func travelling(_ reduce: @escaping (inout State, Action) -> Void) -> (inout State, Action) -> Void {
        let travel = travel
        return { state, action in
            if let arrived = travel.arrived(action) {
                state = arrived
            } else {
                reduce(&state, action)
            }
        }
    }

    /// A TCA-style reducer (`reduce(into:action:)` returning its effects), made to travel: as
    /// `travelling(_:)`; a travel returns `travelEffect` (no effect).
    ///
    /// ```swift
    /// let root = Reduce(recorder.travelling({ feature.reduce(into: &$0, action: $1) }, travelEffect: .none))
    /// recorder.travels(dispatching: { [weak store] in store?.send(.travel($0)) })
    /// ```
    public func travelling<Effect>(
        _ reduce: @escaping (inout State, Action) -> Effect, travelEffect: @escaping @autoclosure () -> Effect
    ) -> (inout State, Action) -> Effect {
        let travel = travel
        return { state, action in
            guard let arrived = travel.arrived(action) else { return reduce(&state, action) }
            state = arrived
            return travelEffect()
        }
    }

    /// Lets ``undo(_:)``, ``redo(_:)``, ``jump(to:)`` and the debugger's `app jump` travel the app
    /// through its store's own dispatch: `dispatch` sends statedbg's ``TravelAction`` as one of the
    /// app's actions, and the store's `travelling(_:)` reducer answers it. It runs where
    /// ``RecorderOptions/appExecutor`` says.
    ///
    /// The store must reduce the action before `dispatch` returns (ReSwift's, TCA's and most stores
    /// do); otherwise the travel throws ``RecorderError/travelNotApplied(step:)``. Capture the store
    /// weakly: the store holds the recorder.
    ///
    /// ```swift
    /// recorder.travels(dispatching: { [weak store] in store?.dispatch($0) })
    /// ```
    public func travels(dispatching dispatch: @escaping @Sendable (TravelAction<State>) -> Void) {
        travel.setTravel(.dispatch(AppHook(dispatch, on: options.resolvedAppExecutor)))
    }

    /// As ``travels(dispatching:)``, for a store that lives on the main actor: `dispatch` runs there,
    /// whatever ``RecorderOptions/appExecutor`` says.
    ///
    /// ```swift
    /// recorder.travelsOnMainActor(dispatching: { [weak store] in store?.dispatch($0) })
    /// ```
    public func travelsOnMainActor(dispatching dispatch: @escaping @MainActor (TravelAction<State>) -> Void) {
        travel.setTravel(.dispatch(.mainActor(dispatch)))
    }
}
