extension ReSwiftUsersApp {
    /// Renames a user. Version 1 of the app's types called it `UpdateName`, with one `name`.
    public struct RenameUser: Action, Codable, Equatable, Sendable {
        /// The user's identifier.
        public let id: Int
        /// The new first name.
        public let firstName: String
        /// The new last name.
        public let lastName: String

        /// An action renaming user `id` to `firstName` `lastName`.
        public init(id: Int, firstName: String, lastName: String) {
            self.id = id
            self.firstName = firstName
            self.lastName = lastName
        }
    }
}
