import StateJournal

/// A ``Replayer`` whose recorded actions can be decoded ahead of time on another thread, while it
/// replays the steps before them: `replay --verify` decodes on the thread that reads the journal.
package protocol ActionPredecoding: AnyObject {
    /// A decoder of this replayer's actions that shares nothing with it, for one other thread.
    func makeActionDecoder() -> any ActionDecoding
    /// Applies `action`, decoded ahead by a decoder from ``makeActionDecoder()`` of a replayer of the
    /// same app; an action decoded for another action type is decoded again here. Otherwise as
    /// ``Replayer/apply(_:)``, with the same errors at the same step.
    func apply(_ action: JournalAction, predecoded: PredecodedAction) throws(ReplayError) -> ReplayOutcome
}

/// Decodes recorded actions into an app's action type; used from one thread.
package protocol ActionDecoding {
    /// The action as the replayer would decode it, or the error it would throw.
    func decode(_ action: JournalAction) -> PredecodedAction
}

/// A recorded action decoded ahead of its replay, or why it does not decode.
package struct PredecodedAction: Sendable {
    /// The action type it was decoded as.
    package let actionType: ObjectIdentifier
    /// The decoded action, or the error its replay reports.
    package let result: Result<any Sendable, ReplayError>
}
