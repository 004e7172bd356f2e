extension ReSwiftUsersApp {
    /// Appends a user, who gets the next identifier.
    public struct AddUser: Action, Codable, Equatable, Sendable {
        /// The first name.
        public let firstName: String
        /// The last name.
        public let lastName: String
        /// The age in years.
        public let age: Int

        /// An action adding `firstName` `lastName`, aged `age`.
        public init(firstName: String, lastName: String, age: Int) {
            self.firstName = firstName
            self.lastName = lastName
            self.age = age
        }
    }
}
