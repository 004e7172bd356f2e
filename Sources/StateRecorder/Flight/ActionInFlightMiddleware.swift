import StateStore

// Safe because `recorder` is set once, in RecordingStore's initializer, before the store it serves
// dispatches anything (hence `@unchecked`).
/// The innermost middleware of a ``RecordingStore`` with a flight recorder: it tells the recorder
/// each action is in flight (``Recorder/actionInFlight(_:)``) just before the reducer runs, after
/// every other middleware had its say.
final class ActionInFlightMiddleware<State: Sendable, Action: Sendable>: @unchecked Sendable {
    /// The recorder told; weak, since the store outlives neither.
    weak var recorder: Recorder<State, Action>?

    /// The middleware to append to the store's list.
    var middleware: Middleware<State, Action> {
        Middleware(name: "statedbg.actionInFlight") { [self] _, action, next in
            recorder?.actionInFlight(action)
            return next(action)
        }
    }
}
