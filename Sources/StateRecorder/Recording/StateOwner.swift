/// Who holds the state a recorder records, and so how a travel (undo, redo, jump) gives the app its
/// new state.
enum StateOwner<State> {
    /// The app's own store, fed to a ``Recorder`` by the app: a travel is journaled at once, then
    /// `setState` gives the app the state; the ``Recorder/record(_:state:site:)`` that it causes on the
    /// same thread is the echo, not a step. Without `setState` the app cannot travel.
    case app(setState: ((State) -> Void)?)
    /// statedbg's own store in a ``RecordingStore``, which changes its state in place: a travel goes
    /// through the store's `replaceState`, and is journaled when the store reports the new state,
    /// in order with the actions it dispatches.
    case recordingStore(replaceState: (State) -> Void)

    /// Whether the app can travel at all.
    var canTravel: Bool {
        switch self {
        case .app(let setState): setState != nil
        case .recordingStore: true
        }
    }
}
