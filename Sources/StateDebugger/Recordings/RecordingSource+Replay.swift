import StateJournal
import StateRecorder

extension RecordingSource {
    /// Applies one of this recording's actions to `replayer`.
    ///
    /// A journal's action must carry the tag its payload decodes as (a line whose tag and payload
    /// disagree is damaged). A Redux DevTools import's actions carry Redux `type` strings, which are not
    /// the app's tags, so each is described again by the app before it is applied.
    public func apply(_ action: JournalAction, to replayer: any Replayer) throws(ReplayError) -> ReplayOutcome {
        guard info.format == .reduxDevTools, action.replayMode == .decode else { return try replayer.apply(action) }
        return try replayer.apply(try replayer.normalize(action.payload))
    }
}
