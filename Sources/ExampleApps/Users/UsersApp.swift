import StateRecorder
import StateStore

/// The user list of the ReSwift + Core Data sample: add a user, edit a name, edit an age.
///
/// It keeps that sample's wart on purpose, so recordings have a real bug to find:
/// ``ageFieldChanged(id:text:)`` turns an age field that is not a number into `.updateAge(id, -1)`,
/// and the reducer stores `-1` as if it were an age.
///
/// ```swift
/// store.dispatch(UsersApp.ageFieldChanged(id: 1, text: "4O"))
/// store.state.users[0].age   // -1
/// ```
public enum UsersApp {
    /// No users yet.
    public static let initialState = State(users: [], nextID: 1)

    /// Applies user actions; edits to unknown identifiers do nothing.
    public static let reducer = Reducer<State, Action> { state, action in
        switch action {
        case .addUser(let name, let age):
            state.users.append(User(id: state.nextID, name: name, age: age))
            state.nextID += 1
        case .updateName(let id, let name):
            if let index = state.users.firstIndex(where: { $0.id == id }) {
                state.users[index].name = name
            }
        case .updateAge(let id, let age):
            // The wart: no check that the age makes sense, so the -1 from the UI lands in the state.
            if let index = state.users.firstIndex(where: { $0.id == id }) {
                state.users[index].age = age
            }
        }
    }

    /// The sample had no validation, which is how `-1` ages got in.
    public static var validators: [Validator<State, Action>] { [] }

    /// One value of every action case.
    public static let actionSamples: [Action] = [
        .addUser(name: "Ada", age: 36),
        .updateName(id: 1, name: "Ada Lovelace"),
        .updateAge(id: 1, age: 37),
    ]

    /// What the UI dispatches when the age text field of user `id` changes.
    ///
    /// Kept as the sample wrote it: text that is not a whole number becomes age `-1` instead of
    /// being refused.
    ///
    /// ```swift
    /// UsersApp.ageFieldChanged(id: 2, text: "41")    // .updateAge(id: 2, age: 41)
    /// UsersApp.ageFieldChanged(id: 2, text: "41 ")   // .updateAge(id: 2, age: -1)
    /// ```
    public static func ageFieldChanged(id: Int, text: String) -> Action {
        .updateAge(id: id, age: Int(text) ?? -1)
    }

    static let firstNames = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken"]
    static let lastNames = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson"]
    /// Field contents a hurried user types that are not numbers.
    static let typos = ["", "4O", "forty", "41 ", "3.5", "-"]

    static func randomName(using rng: inout some RandomNumberGenerator) -> String {
        "\(rng.element(of: firstNames) ?? "Ada") \(rng.element(of: lastNames) ?? "Lovelace")"
    }

    /// A plausible next action: adds while the list is short, then mostly edits; about one age edit
    /// in five goes through ``ageFieldChanged(id:text:)`` with text that is not a number.
    package static func randomAction(for state: State, using rng: inout some RandomNumberGenerator) -> Action {
        guard let user = rng.element(of: state.users), state.users.count >= 3 || rng.chance(percent: 30) else {
            return .addUser(name: randomName(using: &rng), age: rng.bounded(in: 18...90))
        }
        switch rng.bounded(10) {
        case 0..<2:
            return .addUser(name: randomName(using: &rng), age: rng.bounded(in: 18...90))
        case 2..<5:
            return .updateName(id: user.id, name: randomName(using: &rng))
        default:
            let text = rng.chance(percent: 20)
                ? rng.element(of: typos) ?? ""
                : String(rng.bounded(in: 18...90))
            return ageFieldChanged(id: user.id, text: text)
        }
    }
}
