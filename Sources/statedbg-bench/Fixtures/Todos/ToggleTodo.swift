/// Toggles one todo, the overhead scenario's only action, as a ReSwift-style app declares it: a struct
/// behind the app's action protocol.
struct ToggleTodo: OwnAction, Codable {
    var id: Int
}
