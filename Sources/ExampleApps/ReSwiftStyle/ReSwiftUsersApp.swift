/// The user list of the ReSwift + Core Data sample, written the ReSwift way: a `protocol Action` of
/// the app's own, a struct per action, a reducer function `(Action, State?) -> State`, and a small
/// store with ReSwift's middleware.
///
/// It keeps that sample's wart, as ``UsersApp`` does: ``ageFieldChanged(id:text:)`` turns an age field
/// that is not a number into `UpdateAge(id:, age: -1)`, and ``usersReducer(action:state:)`` stores it.
///
/// Recording it takes a middleware (``recordingMiddleware(_:)``, the app's only statedbg code) and a
/// recorder made from ``definition``:
///
/// ```swift
/// let recorder = try Recorder(app: ReSwiftUsersApp.definition, journal: "users.jsonl")
/// let store = ReSwiftUsersApp.Store(reducer: ReSwiftUsersApp.usersReducer, state: nil,
///                                   middleware: [ReSwiftUsersApp.recordingMiddleware(recorder)])
/// store.dispatch(ReSwiftUsersApp.AddUser(firstName: "Ada", lastName: "Lovelace", age: 36))
/// store.dispatch(ReSwiftUsersApp.ageFieldChanged(id: 1, text: "4O"))
/// store.state.users[0].age   // -1, and the journal's step 2 says so
/// ```
public enum ReSwiftUsersApp {}
