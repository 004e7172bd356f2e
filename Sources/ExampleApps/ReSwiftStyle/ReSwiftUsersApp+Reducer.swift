extension ReSwiftUsersApp {
    /// The app's reducer: applies the user actions; edits to unknown identifiers do nothing.
    public static func usersReducer(action: any Action, state: UsersState?) -> UsersState {
        var state = state ?? UsersState()
        switch action {
        case let add as AddUser:
            state.users.append(User(id: state.nextID, firstName: add.firstName, lastName: add.lastName, age: add.age))
            state.nextID += 1
        case let rename as RenameUser:
            if let index = state.users.firstIndex(where: { $0.id == rename.id }) {
                state.users[index].firstName = rename.firstName
                state.users[index].lastName = rename.lastName
            }
        case let update as UpdateAge:
            // The wart: no check that the age makes sense, so the -1 from the age field lands in the state.
            if let index = state.users.firstIndex(where: { $0.id == update.id }) {
                state.users[index].age = update.age
            }
        case let remove as RemoveUser:
            state.users.removeAll { $0.id == remove.id }
        default:
            break
        }
        return state
    }

    /// What the profile screen dispatches when the age text field of user `id` changes.
    ///
    /// Kept as the sample wrote it: text that is not a whole number becomes age `-1` instead of
    /// being refused.
    ///
    /// ```swift
    /// ReSwiftUsersApp.ageFieldChanged(id: 2, text: "41")    // UpdateAge(id: 2, age: 41)
    /// ReSwiftUsersApp.ageFieldChanged(id: 2, text: "41 ")   // UpdateAge(id: 2, age: -1)
    /// ```
    public static func ageFieldChanged(id: Int, text: String) -> UpdateAge {
        UpdateAge(id: id, age: Int(text) ?? -1)
    }
}
