import StateJSON
import StateJournal
import StateStore

/// What a ``Session/dispatch(_:newBranchName:)`` did.
///
/// ```swift
/// let report = try session.dispatch(["increment": [:]])
/// report.description
/// ```
/// ```text
/// counter.increment applied at main@13
/// ```
package struct DispatchReport: Sendable, Equatable, CustomStringConvertible {
    /// What happened to the action.
    package enum Outcome: Sendable, Equatable {
        /// The action made a new step at this position; `createdBranch` names the branch it started.
        case applied(TimelinePosition, createdBranch: String?)
        /// A validator refused the state; the cursor did not move.
        case rejected(Rejection)
        /// The action cannot be replayed (recorded without `Codable`, or a state replacement), so the
        /// step it made holds what the recording has for it (the change it recorded), at this position.
        case takenAsRecorded(TimelinePosition, createdBranch: String?)
    }

    /// The action as the current code describes it.
    package var action: JournalAction
    /// What happened.
    package var outcome: Outcome
    /// The change the action made, `nil` when rejected or when the state did not change.
    package var diff: StateDiff?

    package var description: String {
        switch outcome {
        case .applied(let position, let created):
            let branch = created.map { " (new branch \($0); the old future stays on its branch)" } ?? ""
            return "\(action.label) applied at \(position)\(branch)"
        case .rejected(let rejection):
            return "\(action.label) rejected by \(rejection.validator): \(rejection.reason)"
        case .takenAsRecorded(let position, let created):
            let branch = created.map { " (new branch \($0); the old future stays on its branch)" } ?? ""
            let why = action.replayMode == .recordedState ? "it replaces the state from outside the reducer"
                : "it was recorded without Codable"
            return "\(action.label) not replayed (\(why)); the change it recorded was taken at \(position)\(branch)"
        }
    }
}
