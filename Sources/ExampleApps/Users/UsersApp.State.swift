extension UsersApp {
    /// All users, in the order they were added.
    public struct State: Codable, Equatable, Hashable, Sendable {
        /// The users.
        public var users: [User]
        /// The identifier the next added user gets.
        public var nextID: Int

        /// Creates a state.
        public init(users: [User], nextID: Int) {
            self.users = users
            self.nextID = nextID
        }
    }
}
