import StateJournal

/// A ``Replayer`` that can run one action with its reducer called in the frame a debugger stops in
/// (``ReducerCallSite``): what `statedbg debug FILE STEP` runs. The replayers of ``RecordableApp`` and
/// ``AppDefinition`` are.
package protocol DebuggableReplayer: Replayer {
    /// Applies `action` as ``Replayer/apply(_:)`` does, calling the reducer through
    /// ``ReducerCallSite/callReducer(state:action:trap:reduce:)``, which raises a trap just before the
    /// call when `trap` is set and a debugger is attached.
    func applyInDebugger(_ action: JournalAction, trap: Bool) throws(ReplayError) -> ReplayOutcome
}
