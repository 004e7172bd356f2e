extension ReSwiftUsersApp {
    /// Appends a user, who gets the next identifier.
    public struct AddUser: Action, Codable, Equatable, Sendable {
        /// The display name.
        public let name: String
        /// The age in years.
        public let age: Int

        /// An action adding `name`, aged `age`.
        public init(name: String, age: Int) {
            self.name = name
            self.age = age
        }
    }
}
