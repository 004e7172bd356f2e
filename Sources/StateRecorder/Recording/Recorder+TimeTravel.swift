extension Recorder {
    /// Whether ``undo(_:)``, ``redo(_:)`` and ``jump(to:)`` can act on the app: it gave a `setState`.
    public var canTravel: Bool { travel.isAvailable }

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
