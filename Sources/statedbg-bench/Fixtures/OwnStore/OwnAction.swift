/// The app's own action protocol, as ReSwift apps declare one.
protocol OwnAction {}

/// Sets one user's age: one field per action, as in the other users scenarios.
struct SetAge: OwnAction, Codable {
    var id: Int
    var age: Int
}
