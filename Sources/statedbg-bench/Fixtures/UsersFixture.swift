import StateCollections
import StateRecorder
import StateStore

/// The users app as the benchmark records it.
enum UsersFixture {
    static let reducer = Reducer<UsersState, UsersAction> { state, action in
        apply(action, to: &state.users)
    }

    /// The same app with its users in a ``StateCollections/ChunkedArray``.
    static let chunkedReducer = Reducer<ChunkedUsersState, UsersAction> { state, action in
        apply(action, to: &state.users)
    }

    private static func apply<Users: MutableCollection & RandomAccessCollection>(_ action: UsersAction, to users: inout Users)
    where Users.Element == User, Users.Index == Int {
        switch action {
        case .setAge(let id, let age):
            if users.indices.contains(id) { users[id].age = age }
        case .rename(let id, let name):
            if users.indices.contains(id) { users[id].name = name }
        case .birthday:
            for index in users.indices { users[index].age += 1 }
        }
    }

    static func app(users: Int) -> RecordableApp<UsersState, UsersAction> {
        RecordableApp(id: "users", summary: "\(users) users", initialState: .generated(count: users), reducer: reducer,
                      actionSamples: [.setAge(id: 0, age: 1), .rename(id: 0, name: "x"), .birthday])
    }

    /// The app with its users in a ``StateCollections/ChunkedArray``: the same users and actions.
    static func chunkedApp(users: Int) -> RecordableApp<ChunkedUsersState, UsersAction> {
        RecordableApp(id: "users", summary: "\(users) users", initialState: ChunkedUsersState(users: ChunkedArray(UsersState.generated(count: users).users)),
                      reducer: chunkedReducer, actionSamples: [.setAge(id: 0, age: 1), .rename(id: 0, name: "x"), .birthday])
    }

    /// The action of step `step` (1-based): one field of one user, a different user each time, always
    /// to a new value.
    ///
    /// The user cycles with period `users` (7919 is prime, so every user comes up once per cycle) and
    /// the age with period 61, which divides no cycle of 1,000 users: a user never gets the age it
    /// already has, so every step really changes the state.
    static func action(_ step: Int, users: Int) -> UsersAction {
        .setAge(id: (step &* 7919) % max(1, users), age: 18 + step % 61)
    }
}
