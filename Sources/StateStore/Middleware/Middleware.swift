/// Code that sees every action before and after the reducer.
///
/// A middleware receives the store's ``MiddlewareContext``, the action and `next`, which runs the rest
/// of the chain and the reducer and returns the ``DispatchOutcome``. By choosing what to do with `next`
/// a middleware can:
/// - observe: call `next(action)` and look at the outcome and `context.state` afterwards;
/// - drop: return ``DispatchOutcome/dropped`` without calling `next`;
/// - transform: call `next` with a different action;
/// - delay: keep `next`, return ``DispatchOutcome/deferred``, and call `next` later from a task (the
///   action is then queued behind the ones already waiting);
/// - dispatch others: `context.dispatch(_:)`, queued after the current action.
///
/// The first middleware in the store's list runs first (outermost).
///
/// ```swift
/// let onlyPositive = Middleware<Int, CounterAction>(name: "onlyPositive") { context, action, next in
///     if action == .decrement && context.state == 0 { return .dropped }
///     return next(action)
/// }
/// ```
public struct Middleware<State: Sendable, Action: Sendable>: Sendable {
    /// A name for logs and diagnostics.
    public let name: String
    @usableFromInline let _body: @Sendable (MiddlewareContext<State, Action>, Action, MiddlewareNext<State, Action>) -> DispatchOutcome

    /// Creates a middleware from a closure.
    public init(
        name: String,
        _ body: @escaping @Sendable (
            _ context: MiddlewareContext<State, Action>, _ action: Action, _ next: MiddlewareNext<State, Action>
        ) -> DispatchOutcome
    ) {
        self.name = name
        self._body = body
    }
}
