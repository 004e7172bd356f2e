/// The users state with a member that is not `Codable` (a change handler), as TCA-style states hold
/// dependencies: it is recorded through reflection.
struct ObservedUsersState: Sendable {
    var users: [User]
    var onChange: @Sendable (Int) -> Void = { _ in }
}
