import StateRecorder

// statedbg glue for the ReSwift-style users app: the 9 lines of code below (the import aside), a
// middleware. The app passes it to its store, with a recorder made from `definition`:
//
//     let recorder = try Recorder(app: ReSwiftUsersApp.definition, journal: "users.jsonl")
//     Store(reducer: usersReducer, state: nil, middleware: [recordingMiddleware(recorder)])

extension ReSwiftUsersApp {
    /// A middleware that tells the recorder each action is in flight (a flight recorder's crash journal
    /// then names the action that crashed), lets it through to the reducer, then journals it with the
    /// new state.
    ///
    /// The store's `dispatch` knows no call site, so none is recorded (the middleware's own line would
    /// say nothing).
    public static func recordingMiddleware(_ recorder: Recorder<UsersState, any Action>) -> Middleware<UsersState> {
        { _, getState in { next in { action in
            recorder.actionInFlight(action)
            next(action)
            if let state = getState() { recorder.record(action, state: state, site: nil) }
        } } }
    }
}
