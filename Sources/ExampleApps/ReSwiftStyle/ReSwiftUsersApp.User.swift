extension ReSwiftUsersApp {
    /// A person in the list. Version 1 of the app's types had one `name`; version 2 splits it.
    public struct User: Codable, Equatable, Sendable {
        /// Assigned by the reducer from ``UsersState/nextID``.
        public var id: Int
        /// The first name.
        public var firstName: String
        /// The last name.
        public var lastName: String
        /// The age in years; `-1` when the age field held something that is not a number.
        public var age: Int

        /// Creates a user.
        public init(id: Int, firstName: String, lastName: String, age: Int) {
            self.id = id
            self.firstName = firstName
            self.lastName = lastName
            self.age = age
        }
    }
}
