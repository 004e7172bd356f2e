/// ``UsersState`` holding ``TemplatedUser``s: `Codable` at the top, hand-written JSON per user.
struct TemplatedUsersState: Codable, Equatable, Sendable {
    var users: [TemplatedUser]

    init(_ state: UsersState) {
        users = state.users.map(TemplatedUser.init)
    }
}
