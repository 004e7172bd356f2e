import StateJournal

/// How a recording's steps would replay, read from their actions alone before anything is replayed:
/// how many hold an action the reducer can run, which were recorded without `Codable` (by action), and
/// how many replace the state from outside the reducer (``StateJournal/JournalAction/ReplayMode``).
///
/// `replay --verify` reads it before printing any step, to say at once when the recording cannot be
/// replayed; ``RecordingAbilities`` says from it which commands work.
///
/// ```swift
/// let coverage = try ReplayCoverage.survey(source)
/// coverage.replayable      // 0
/// print(coverage.notReplayed!.list)
/// ```
/// ```text
/// AddItem (5 steps: 1, 2, 3, 4, 5) and RemoveItem (1 step: 6)
/// ```
package struct ReplayCoverage: Sendable, Equatable {
    /// The steps read.
    package var steps = 0
    /// The steps whose action the reducer can run (``StateJournal/JournalAction/ReplayMode/decode``).
    package var replayable = 0
    /// The steps that replace the state from outside the reducer.
    package var stateReplacements = 0
    /// The steps recorded without `Codable`, by action; `nil` when there are none.
    package var notReplayed: NotReplayedActions?
    /// The first step whose recorded state a replay must take (not replayable, or a state replacement).
    package var firstTakenAsRecorded: Int?

    /// Whether the recording has steps and none of them can be replayed.
    package var replaysNothing: Bool { steps > 0 && replayable == 0 }

    /// Reads the action of every step of `source`.
    ///
    /// - Throws: ``DebuggerError/journal(_:)`` when a line cannot be read.
    package static func survey(_ source: any RecordingSource, isCancelled: () -> Bool = { false }) throws(DebuggerError) -> ReplayCoverage {
        var coverage = ReplayCoverage()
        guard source.lastStep > source.baseStep else { return coverage }
        var groups: [NotReplayedActions.Group] = []
        var groupIndex: [String: Int] = [:]
        try source.forEachActionAndHash((source.baseStep + 1)...source.lastStep) { (step, action, _) throws(DebuggerError) -> Bool in
            coverage.steps += 1
            switch action.replayMode {
            case .decode:
                coverage.replayable += 1
            case .recordedState:
                coverage.stateReplacements += 1
                coverage.firstTakenAsRecorded = coverage.firstTakenAsRecorded ?? step
            case .notReplayable:
                coverage.firstTakenAsRecorded = coverage.firstTakenAsRecorded ?? step
                if let index = groupIndex[action.type] {
                    groups[index].count += 1
                    if groups[index].firstSteps.count < NotReplayedActions.shownSteps { groups[index].firstSteps.append(step) }
                } else {
                    groupIndex[action.type] = groups.count
                    groups.append(NotReplayedActions.Group(type: action.type, count: 1, firstSteps: [step]))
                }
            }
            return step % 4096 != 0 || !isCancelled()
        }
        coverage.notReplayed = NotReplayedActions(groups: groups)
        return coverage
    }
}
