extension ReSwiftUsersApp {
    /// The app's state: the users, in the order they were added.
    public struct UsersState: Codable, Equatable, Sendable {
        /// The users.
        public var users: [User]
        /// The identifier the next added user gets.
        public var nextID: Int

        /// An empty list, or the given users.
        public init(users: [User] = [], nextID: Int = 1) {
            self.users = users
            self.nextID = nextID
        }
    }
}
