/// The benchmark's large state: `users` of {id, name, age, email}; 1,000 users are about 65 KB of JSON.
struct UsersState: Codable, Equatable, Sendable {
    var users: [User]

    /// `count` users with ids 0 through count - 1 (an id is also the user's index) and varied fields.
    static func generated(count: Int) -> UsersState {
        UsersState(users: (0..<count).map { id in
            let padded = String(repeating: "0", count: max(0, 4 - String(id).count)) + String(id)
            return User(id: id, name: "User \(padded)", age: 18 + (id * 37) % 60, email: "user\(padded)@example.com")
        })
    }
}
