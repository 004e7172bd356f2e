import StateJSON
import StateEncoding

extension UsersApp {
    /// A person in the list.
    ///
    /// Lists grow to thousands of users, so a user builds its own JSON (``StateJSON/JSONValueEncodable``)
    /// and the recorder skips `Codable`'s per-member calls for each one.
    public struct User: Codable, Equatable, Hashable, Identifiable, Sendable, JSONValueEncodable {
        /// Assigned by the reducer from ``State/nextID``.
        public var id: Int
        /// The display name.
        public var name: String
        /// The age in years; `-1` when the age field held something that is not a number (see
        /// ``UsersApp/ageFieldChanged(id:text:)``).
        public var age: Int

        /// Creates a user.
        public init(id: Int, name: String, age: Int) {
            self.id = id
            self.name = name
            self.age = age
        }

        private static let template = JSONObjectTemplate("id", "name", "age")

        /// `{"age": …, "id": …, "name": …}`, what the synthesized `encode(to:)` would write.
        public func jsonValue() -> JSONValue {
            Self.template.object(.integer(Int64(id)), .string(name), .integer(Int64(age)))
        }
    }
}
