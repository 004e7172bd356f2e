extension ReSwiftUsersApp {
    /// Removes a user.
    public struct RemoveUser: Action, Codable, Equatable, Sendable {
        /// The user's identifier.
        public let id: Int

        /// An action removing user `id`.
        public init(id: Int) {
            self.id = id
        }
    }
}
