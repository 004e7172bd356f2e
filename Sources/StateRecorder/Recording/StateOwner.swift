/// Who holds the state a recorder records, and so how a travel (undo, redo, jump) gives the app its
/// new state.
enum StateOwner<State>: Sendable {
    /// The app's own store, fed to a ``Recorder`` by the app, which travels as ``AppTravel`` says;
    /// `nil` while the app gave no way to travel.
    case app(AppTravel<State>?)
    /// statedbg's own store in a ``RecordingStore``, which changes its state in place: a travel goes
    /// through the store's `replaceState`, and is journaled when the store reports the new state,
    /// in order with the actions it dispatches.
    case recordingStore(replaceState: AppHook<State, Void>)

    /// Whether the app can travel at all.
    var canTravel: Bool {
        switch self {
        case .app(let travel): travel != nil
        case .recordingStore: true
        }
    }

    /// Where the travel's hook runs, when there is one.
    var executor: RecorderOptions.AppExecutor? {
        switch self {
        case .app(nil): nil
        case .app(.setState(let hook)?): hook.executor
        case .app(.dispatch(let hook)?): hook.executor
        case .recordingStore(let hook): hook.executor
        }
    }
}

/// How a travel reaches an app's own store.
enum AppTravel<State>: Sendable {
    /// The app's `setState`: the travel is journaled, then `setState` gives the app the state; the
    /// ``Recorder/record(_:state:site:)`` it causes on the same thread is the echo, not a step.
    case setState(AppHook<State, Void>)
    /// A ``TravelAction`` dispatched through the app's store, whose `travelling(_:)`
    /// reducer answers it with the state: the travel is journaled when that reducer applies it, and the
    /// record of it on the same thread is the echo.
    case dispatch(AppHook<TravelAction<State>, Void>)
}
