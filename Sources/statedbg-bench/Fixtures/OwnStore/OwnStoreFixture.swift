import StateRecorder

/// The reducers and actions of the own-store scenario.
enum OwnStoreFixture {
    static func reducer(_ action: any OwnAction, _ state: UsersState?) -> UsersState {
        var state = state ?? UsersState(users: [])
        if let set = action as? SetAge, state.users.indices.contains(set.id) { state.users[set.id].age = set.age }
        return state
    }

    static func observedReducer(_ action: any OwnAction, _ state: ObservedUsersState?) -> ObservedUsersState {
        var state = state ?? ObservedUsersState(users: [])
        if let set = action as? SetAge, state.users.indices.contains(set.id) { state.users[set.id].age = set.age }
        return state
    }

    static func action(_ index: Int, users: Int) -> SetAge {
        SetAge(id: (index &* 7919) % users, age: 18 + index % 60)
    }

    /// The middleware a user writes to record: let the action through, then record it with the new state.
    static func recording<State>(_ recorder: Recorder<State, any OwnAction>) -> OwnStore<State>.Middleware {
        { getState in { next in { action in
            next(action)
            recorder.record(action, state: getState(), site: nil)
        } } }
    }
}
