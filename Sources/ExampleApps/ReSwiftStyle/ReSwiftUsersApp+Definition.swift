import StateRecorder

extension ReSwiftUsersApp {
    /// The app as statedbg records, replays and generates it: its action structs, its reducer, and a
    /// seeded generator of what a hurried user does.
    public static let definition = AppDefinition<UsersState, any Action>(
        id: "users-reswift",
        summary: "The users app written ReSwift's way (struct actions, middleware); an invalid age field stores -1.",
        swiftName: "ReSwiftUsersApp.definition",
        initialState: UsersState(),
        actions: ActionRegistry(AddUser.self, UpdateName.self, UpdateAge.self, RemoveUser.self),
        actionSamples: [AddUser(name: "Ada", age: 36), UpdateName(id: 1, name: "Ada Lovelace"),
                        UpdateAge(id: 1, age: 37), RemoveUser(id: 1)],
        reducer: usersReducer,
        randomAction: { state, generator in randomAction(for: state, using: &generator) })

    static let firstNames = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken"]
    static let lastNames = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson"]
    /// Field contents a hurried user types that are not numbers.
    static let typos = ["", "4O", "forty", "41 ", "3.5", "-"]

    /// A plausible next action: adds while the list is short, then mostly edits, now and then a
    /// removal; about one age edit in five goes through ``ageFieldChanged(id:text:)`` with text that is
    /// not a number.
    package static func randomAction(for state: UsersState, using rng: inout some RandomNumberGenerator) -> any Action {
        guard let user = rng.element(of: state.users), state.users.count >= 3 || rng.chance(percent: 30) else {
            return AddUser(name: randomName(using: &rng), age: rng.bounded(in: 18...90))
        }
        switch rng.bounded(10) {
        case 0..<2:
            return AddUser(name: randomName(using: &rng), age: rng.bounded(in: 18...90))
        case 2..<4:
            return UpdateName(id: user.id, name: randomName(using: &rng))
        case 4:
            return RemoveUser(id: user.id)
        default:
            let text = rng.chance(percent: 20) ? rng.element(of: typos) ?? "" : String(rng.bounded(in: 18...90))
            return ageFieldChanged(id: user.id, text: text)
        }
    }

    static func randomName(using rng: inout some RandomNumberGenerator) -> String {
        "\(rng.element(of: firstNames) ?? "Ada") \(rng.element(of: lastNames) ?? "Lovelace")"
    }
}
