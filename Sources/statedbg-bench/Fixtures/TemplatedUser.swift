import StateJSON
import StateEncoding

/// ``User`` with a hand-written ``JSONValueEncodable`` conformance: the same fields and the same
/// JSON, built without `Codable`'s per-member calls.
struct TemplatedUser: Codable, Equatable, Sendable, JSONValueEncodable {
    var id: Int
    var name: String
    var age: Int
    var email: String

    private static let template = JSONObjectTemplate("id", "name", "age", "email")

    init(_ user: User) {
        id = user.id
        name = user.name
        age = user.age
        email = user.email
    }

    func jsonValue() -> JSONValue {
        Self.template.object(.integer(Int64(id)), .string(name), .integer(Int64(age)), .string(email))
    }
}
