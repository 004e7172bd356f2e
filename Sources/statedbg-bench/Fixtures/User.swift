/// One user of ``UsersState``: four fields, about 65 bytes of JSON.
struct User: Codable, Equatable, Sendable {
    var id: Int
    var name: String
    var age: Int
    var email: String
}
