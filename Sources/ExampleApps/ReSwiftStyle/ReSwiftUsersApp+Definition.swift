import StateJSON
import StateRecorder

extension ReSwiftUsersApp {
    /// The app as statedbg records, replays and generates it: its action structs, its reducer, a
    /// seeded generator of what a hurried user does, and how recordings of its first types read.
    public static let definition = AppDefinition<UsersState, any Action>(
        id: "users-reswift",
        summary: "The users app written ReSwift's way (struct actions, middleware); an invalid age field stores -1.",
        swiftName: "ReSwiftUsersApp.definition",
        initialState: UsersState(),
        actions: ActionRegistry(AddUser.self, RenameUser.self, UpdateAge.self, RemoveUser.self),
        actionSamples: [AddUser(firstName: "Ada", lastName: "Lovelace", age: 36),
                        RenameUser(id: 1, firstName: "Ada", lastName: "King"), UpdateAge(id: 1, age: 37), RemoveUser(id: 1)],
        reducer: usersReducer,
        randomAction: { state, generator in randomAction(for: state, using: &generator) },
        schemaVersion: 2,
        migrations: migrations)

    /// Version 1 of the types gave a user, and the actions that add and rename one, a single `name`,
    /// and called the renaming `UpdateName`; version 2 splits the name at its first space.
    static let migrations: [Migration] = [
        .from(1, schemaHash: "56725980a4b68f3c",
              .transform("split name into firstName and lastName", in: .state(".users[*]"), splitName),
              .transform("split name into firstName and lastName", in: .action("ReSwiftUsersApp.AddUser"), splitName),
              .retagAction("ReSwiftUsersApp.UpdateName", to: "ReSwiftUsersApp.RenameUser"),
              .transform("split name into firstName and lastName", in: .action("ReSwiftUsersApp.RenameUser"), splitName)),
    ]

    /// `{"name": "Ada Lovelace", …}` as `{"firstName": "Ada", "lastName": "Lovelace", …}`: the name split
    /// at its first space (a name without one is all first name).
    static func splitName(_ value: JSONValue) throws -> JSONValue {
        guard case .object(var object) = value, case .string(let name)? = object.removeValue(forKey: "name") else {
            throw NameSplitError(value: value)
        }
        let parts = name.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        object["firstName"] = .string(parts.first.map(String.init) ?? "")
        object["lastName"] = .string(parts.count > 1 ? String(parts[1]) : "")
        return .object(object)
    }

    /// A value that should hold a `name` and does not.
    struct NameSplitError: Error, CustomStringConvertible {
        var value: JSONValue
        var description: String { "\(value.canonicalText) has no name to split" }
    }

    static let firstNames = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken"]
    static let lastNames = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson"]
    /// Field contents a hurried user types that are not numbers.
    static let typos = ["", "4O", "forty", "41 ", "3.5", "-"]

    /// A plausible next action: adds while the list is short, then mostly edits, now and then a
    /// removal; about one age edit in five goes through ``ageFieldChanged(id:text:)`` with text that is
    /// not a number.
    package static func randomAction(for state: UsersState, using rng: inout some RandomNumberGenerator) -> any Action {
        guard let user = rng.element(of: state.users), state.users.count >= 3 || rng.chance(percent: 30) else {
            let name = randomName(using: &rng)
            return AddUser(firstName: name.first, lastName: name.last, age: rng.bounded(in: 18...90))
        }
        switch rng.bounded(10) {
        case 0..<2:
            let name = randomName(using: &rng)
            return AddUser(firstName: name.first, lastName: name.last, age: rng.bounded(in: 18...90))
        case 2..<4:
            let name = randomName(using: &rng)
            return RenameUser(id: user.id, firstName: name.first, lastName: name.last)
        case 4:
            return RemoveUser(id: user.id)
        default:
            let text = rng.chance(percent: 20) ? rng.element(of: typos) ?? "" : String(rng.bounded(in: 18...90))
            return ageFieldChanged(id: user.id, text: text)
        }
    }

    static func randomName(using rng: inout some RandomNumberGenerator) -> (first: String, last: String) {
        (rng.element(of: firstNames) ?? "Ada", rng.element(of: lastNames) ?? "Lovelace")
    }
}
