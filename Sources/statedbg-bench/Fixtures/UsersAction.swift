/// The users app's actions: one that changes one field of one user, one that changes every user.
enum UsersAction: Codable, Hashable, Sendable {
    case setAge(id: Int, age: Int)
    case rename(id: Int, name: String)
    case birthday
}
