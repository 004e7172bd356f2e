/// A named unit of asynchronous work that reads the state and dispatches actions later.
///
/// Commands are where side effects live (network, disk, timers); reducers stay pure. An error a
/// command throws is never swallowed: the store reports it to ``StoreDiagnostics/commandFailed`` and to
/// observers as ``StoreEvent/commandFailed(_:)``.
///
/// ```swift
/// let refresh = Command<AppState, AppAction>(name: "refresh") { context in
///     let users = try await api.users(after: context.state.lastUserID)
///     context.dispatch(.usersLoaded(users))
/// }
/// await store.run(refresh).value
/// ```
public struct Command<State: Sendable, Action: Sendable>: Sendable {
    /// The name used when the command fails.
    public let name: String
    let body: @Sendable (CommandContext<State, Action>) async throws -> Void

    /// Creates a command from an asynchronous throwing closure.
    public init(name: String, _ body: @escaping @Sendable (CommandContext<State, Action>) async throws -> Void) {
        self.name = name
        self.body = body
    }
}
