// Safe because `recorder` is set once, in RecordingStore's initializer, before the store it serves
// dispatches anything (hence `@unchecked`).
/// What a ``RecordingStore`` with a flight recorder gives its store to call just before the reducer
/// runs, after every middleware: it tells the recorder the action is in flight
/// (``Recorder/actionInFlight(_:)``). The store is made before the recorder, which needs it.
///
/// A hook rather than an innermost middleware: a store without middleware of its own then keeps its
/// direct path to the reducer, which the middleware chain cost a counter's dispatch about 2 µs.
final class ActionInFlightHook<State, Action>: @unchecked Sendable {
    /// The recorder told; held strongly, as the store's observers hold it.
    var recorder: Recorder<State, Action>?
}
