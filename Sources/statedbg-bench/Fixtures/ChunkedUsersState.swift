import StateCollections

/// ``UsersState`` with its users in a ``StateCollections/ChunkedArray``, which the recorder compares a
/// run of 64 users at a time by the run's storage.
struct ChunkedUsersState: Codable, Equatable, Sendable {
    var users: ChunkedArray<User>
}
