extension ReSwiftUsersApp {
    /// A person in the list.
    public struct User: Codable, Equatable, Sendable {
        /// Assigned by the reducer from ``UsersState/nextID``.
        public var id: Int
        /// The display name.
        public var name: String
        /// The age in years; `-1` when the age field held something that is not a number.
        public var age: Int

        /// Creates a user.
        public init(id: Int, name: String, age: Int) {
            self.id = id
            self.name = name
            self.age = age
        }
    }
}
