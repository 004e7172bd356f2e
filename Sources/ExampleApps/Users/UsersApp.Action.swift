extension UsersApp {
    /// Edits to the user list.
    public enum Action: Codable, Equatable, Hashable, Sendable {
        /// Appends a user with the next identifier.
        case addUser(name: String, age: Int)
        /// Renames a user.
        case updateName(id: Int, name: String)
        /// Sets a user's age; the reducer stores whatever it gets, `-1` included.
        case updateAge(id: Int, age: Int)
    }
}
