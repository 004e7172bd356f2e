extension ReSwiftUsersApp {
    /// Renames a user.
    public struct UpdateName: Action, Codable, Equatable, Sendable {
        /// The user's identifier.
        public let id: Int
        /// The new name.
        public let name: String

        /// An action renaming user `id` to `name`.
        public init(id: Int, name: String) {
            self.id = id
            self.name = name
        }
    }
}
