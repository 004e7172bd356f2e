extension Recorder {
    /// Where the live channel listens, when the recorder opened one (``RecorderOptions/live`` or
    /// `STATEDBG_LIVE`): the socket's path, and the loopback TCP port with its token.
    public var liveEndpoints: LiveChannelEndpoints? {
        live?.endpoints
    }

    /// Lets `statedbg attach` act on the app through the live channel: dispatch actions, pause and
    /// resume its dispatching. (Jump, undo and redo use the `setState` given to the initializer.)
    ///
    /// Each hook runs on the live channel's thread. ``close()`` lets go of the hooks, so hooks that
    /// capture the store (which holds the recorder) do not keep either alive.
    ///
    /// - Parameters:
    ///   - dispatch: Dispatches an action, decoded from the debugger's JSON through the recorder's
    ///     action registry, to the app's store, as the app itself would.
    ///   - pause: Holds the app's dispatching: from now on the store queues actions instead of
    ///     reducing them (a middleware that stores them and does not call `next` does it).
    ///   - resume: Lets the store dispatch again, first the queued actions in order, and returns how many ran.
    ///
    /// ```swift
    /// recorder.liveControl(dispatch: { store.dispatch($0) },
    ///                      pause: { gate.hold() }, resume: { gate.release() })
    /// ```
    public func liveControl(dispatch: ((Action) -> Void)? = nil, pause: (() -> Void)? = nil,
                            resume: (() -> Int)? = nil) {
        live?.app.withHooks { hooks in
            hooks.dispatch = dispatch
            hooks.pause = pause
            hooks.resume = resume
        }
    }
}
