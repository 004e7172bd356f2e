extension Recorder {
    /// Where the live channel listens, when the recorder opened one (``RecorderOptions/live`` or
    /// `STATEDBG_LIVE`): the socket's path, and the loopback TCP port with its token.
    public var liveEndpoints: LiveChannelEndpoints? {
        live?.endpoints
    }

    /// Lets `statedbg attach` act on the app through the live channel: dispatch actions, pause and
    /// resume its dispatching. (Jump, undo and redo use the way to travel the app gave: `setState`,
    /// or its store's dispatch with a `travelling(_:)` reducer.)
    ///
    /// Each hook runs where ``RecorderOptions/appExecutor`` says: by default on the main actor when the
    /// recorder was made on the main thread, where the debugger's command waits its turn, and on the
    /// live channel's thread otherwise. A store that lives on the main actor gives its hooks with
    /// ``liveControlOnMainActor(dispatch:pause:resume:)`` instead. ``close()`` lets go of the hooks, so
    /// hooks that capture the store (which holds the recorder) do not keep either alive.
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
    public func liveControl(dispatch: (@Sendable (Action) -> Void)? = nil, pause: (@Sendable () -> Void)? = nil,
                            resume: (@Sendable () -> Int)? = nil) {
        let executor = options.resolvedAppExecutor
        setLiveHooks(dispatch: dispatch.map { AppHook($0, on: executor) },
                     pause: pause.map { pause in AppHook({ _ in pause() }, on: executor) },
                     resume: resume.map { resume in AppHook({ _ in resume() }, on: executor) })
    }

    /// Lets `statedbg attach` act through the live channel on an app whose store lives on the main
    /// actor: as ``liveControl(dispatch:pause:resume:)``, with hooks that run on the main actor, whatever
    /// ``RecorderOptions/appExecutor`` says. The debugger's commands wait their turn there; the live
    /// channel's thread never waits for them.
    ///
    /// ```swift
    /// @MainActor final class AppModel { let store: Store<AppState>; … }
    /// recorder.liveControlOnMainActor(dispatch: { model.store.dispatch($0) },
    ///                                 pause: { model.gate.hold() }, resume: { model.gate.release() })
    /// ```
    public func liveControlOnMainActor(dispatch: (@MainActor (Action) -> Void)? = nil, pause: (@MainActor () -> Void)? = nil,
                                       resume: (@MainActor () -> Int)? = nil) {
        setLiveHooks(dispatch: dispatch.map { AppHook.mainActor($0) },
                     pause: pause.map { pause in AppHook.mainActor { (_: Void) in pause() } },
                     resume: resume.map { resume in AppHook.mainActor { (_: Void) in resume() } })
    }

    private func setLiveHooks(dispatch: AppHook<Action, Void>?, pause: AppHook<Void, Void>?, resume: AppHook<Void, Int>?) {
        live?.app.withHooks { hooks in
            hooks.dispatch = dispatch
            hooks.pause = pause
            hooks.resume = resume
        }
    }
}
