import StateJSON

extension JournalAction {
    /// What a replay does with a step, decided by its action alone.
    ///
    /// ```swift
    /// JournalAction(type: "bank.pay", label: "bank.pay(…)", payload: payload).replayMode   // .decode
    /// JournalAction(type: "Tick", label: "Tick()", payload: [:], coding: .reflection)
    ///     .replayMode                                                                     // .notReplayable
    /// JournalAction.stateReplacement().replayMode                                          // .recordedState
    /// ```
    public enum ReplayMode: Sendable, Hashable {
        /// Decode the payload into the app's action and run it through the reducer; the result is
        /// compared with the state the step records.
        case decode
        /// The action was recorded through reflection, so nothing can decode it. A replay cannot run it:
        /// it takes the state the step records (when the state type can be decoded) and says the step
        /// was not replayed.
        case notReplayable
        /// A state replacement (``ReservedActionTag/replaceState``): no action ran, so a replay takes
        /// the state the step records, exactly as the app had it.
        case recordedState
    }

    /// What a replay does with this action's step: ``ReplayMode/recordedState`` for a state
    /// replacement, ``ReplayMode/notReplayable`` for a reflected payload, ``ReplayMode/decode`` otherwise.
    public var replayMode: ReplayMode {
        // Asked of every step a replay reads: the byte count settles almost every tag without a compare.
        if type.utf8.count == ReservedActionTag.replaceStateByteCount, type == ReservedActionTag.replaceState { return .recordedState }
        return coding == .codable ? .decode : .notReplayable
    }

    /// The action of a step whose state was set from outside the reducer: tag and label
    /// ``ReservedActionTag/replaceState``.
    ///
    /// - Parameter payload: `null` (what a recorder writes: the step's own `state` or `patch` holds the
    ///   new state), or the state itself (what the debugger writes when it loads one into a branch).
    ///   Readers take the state the step records in either case, never the payload.
    public static func stateReplacement(payload: JSONValue = .null) -> JournalAction {
        JournalAction(type: ReservedActionTag.replaceState, label: ReservedActionTag.replaceState, payload: payload)
    }
}
