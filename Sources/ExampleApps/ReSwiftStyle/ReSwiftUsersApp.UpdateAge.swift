extension ReSwiftUsersApp {
    /// Sets a user's age; the reducer stores whatever it gets, `-1` included.
    public struct UpdateAge: Action, Codable, Equatable, Sendable {
        /// The user's identifier.
        public let id: Int
        /// The new age.
        public let age: Int

        /// An action setting the age of user `id`.
        public init(id: Int, age: Int) {
            self.id = id
            self.age = age
        }
    }
}
