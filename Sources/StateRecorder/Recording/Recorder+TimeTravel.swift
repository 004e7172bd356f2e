extension Recorder {
    /// Whether ``undo(_:)``, ``redo(_:)`` and ``jump(to:)`` can act on the app: it gave a `setState`,
    /// or its store's dispatch for a `travelling(_:)` reducer.
    public var canTravel: Bool { travel.isAvailable }

    /// Lets ``undo(_:)``, ``redo(_:)``, ``jump(to:)`` and the debugger's `app jump` set the app's state
    /// with `setState`, run where ``RecorderOptions/appExecutor`` says: for a store made after the
    /// recorder (its middleware holds the recorder), so that neither needs the other to exist first.
    ///
    /// ```swift
    /// let recorder = try Recorder(app: usersApp, journal: path)
    /// let store = AppStore(middleware: [recording(recorder)])
    /// recorder.travels(settingState: { [weak store] in store?.replace($0) })
    /// ```
    ///
    /// Capture the store weakly: the store holds the recorder. A ``RecordingStore``'s recorder keeps
    /// its store's way.
    public func travels(settingState setState: @escaping @Sendable (State) -> Void) {
        travel.setTravel(.setState(AppHook(setState, on: options.resolvedAppExecutor)))
    }

    /// As ``travels(settingState:)``, for a store that lives on the main actor: `setState` runs there,
    /// whatever ``RecorderOptions/appExecutor`` says.
    public func travelsOnMainActor(settingState setState: @escaping @MainActor (State) -> Void) {
        travel.setTravel(.setState(.mainActor(setState)))
    }

    /// Sets the app's state back `count` steps along the path that led to the current state.
    ///
    /// - Parameter count: How many steps back; past step 0 it stops there.
    /// - Returns: The step the app is now at.
    /// - Throws: ``RecorderError/timeTravelUnavailable`` without a `setState`; a ``RecorderError`` when
    ///   the state cannot be read back from the journal.
    @discardableResult
    public func undo(_ count: Int = 1) throws -> Int {
        try travel.undo(count)
    }

    /// Goes forward again after ``undo(_:)``, `count` times.
    ///
    /// - Returns: The step the app is now at.
    /// - Throws: ``RecorderError/nothingToRedo`` when nothing was undone since the last step.
    @discardableResult
    public func redo(_ count: Int = 1) throws -> Int {
        try travel.redo(count)
    }

    /// Sets the app's state to the one it had after `step` (0 is the initial state).
    ///
    /// - Throws: ``RecorderError/noSuchStep(_:last:)`` for a step never recorded.
    public func jump(to step: Int) throws {
        try travel.jump(to: step)
    }
}
