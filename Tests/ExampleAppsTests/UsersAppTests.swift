import ExampleApps
import StateStore
import Testing

@Suite struct UsersAppTests {
    @Test func reducerAddsUsersWithSequentialIDsAndEditsThem() {
        var state = UsersApp.initialState
        for action in [
            UsersApp.Action.addUser(name: "Ada", age: 36), .addUser(name: "Alan", age: 41),
            .updateName(id: 2, name: "Alan Turing"), .updateAge(id: 1, age: 37), .updateAge(id: 9, age: 1),
        ] {
            UsersApp.reducer.reduce(into: &state, action: action)
        }
        #expect(state == UsersApp.State(
            users: [UsersApp.User(id: 1, name: "Ada", age: 37), UsersApp.User(id: 2, name: "Alan Turing", age: 41)],
            nextID: 3))
    }

    @Test func anAgeFieldThatIsNotANumberStoresMinusOne() {
        #expect(UsersApp.ageFieldChanged(id: 1, text: "42") == .updateAge(id: 1, age: 42))
        #expect(UsersApp.ageFieldChanged(id: 1, text: "4O") == .updateAge(id: 1, age: -1))
        var state = UsersApp.initialState
        UsersApp.reducer.reduce(into: &state, action: .addUser(name: "Ada", age: 36))
        UsersApp.reducer.reduce(into: &state, action: UsersApp.ageFieldChanged(id: 1, text: "forty"))
        #expect(state.users[0].age == -1)
    }

    @Test func generatorIsDeterministicAndSometimesProducesTheMinusOneAge() {
        let run = { (seed: UInt64) in
            generate(300, seed: seed, initialState: UsersApp.initialState, reducer: UsersApp.reducer) {
                UsersApp.randomAction(for: $0, using: &$1)
            }
        }
        let first = run(5)
        #expect(first.actions == run(5).actions)
        #expect(first.actions != run(6).actions)
        #expect(first.actions.contains { if case .updateAge(_, -1) = $0 { true } else { false } })
        #expect(first.actions.contains { if case .updateName = $0 { true } else { false } })
        #expect(first.state.users.count >= 3)
    }
}
