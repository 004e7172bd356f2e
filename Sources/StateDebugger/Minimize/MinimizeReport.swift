import StateJournal

/// What ``Minimizer/minimize(_:isCancelled:progress:)`` found.
///
/// ```text
/// .count > 100 still holds with 2 of 40 actions (steps 3, 17); 31 replays.
/// ```
public struct MinimizeReport: Sendable, Equatable, CustomStringConvertible {
    /// The predicate, as written.
    public var predicate: String
    /// The number of actions in the recording.
    public var originalCount: Int
    /// The recorded steps whose actions are kept, ascending.
    public var keptSteps: [Int]
    /// How many candidate sequences were replayed to the end (a replay cut short by cancelling is not counted).
    public var replays: Int
    /// Whether the caller cancelled the search; ``keptSteps`` is then the smallest found so far.
    public var cancelled: Bool
    /// The kept steps whose action no replay can run (recorded without `Codable`, or a state
    /// replacement): each candidate took the change such a step recorded (see ``RecordedChanges``).
    public var notReplayed: [UnreplayableStep] = []

    /// The steps kept and how many replays it took, as `statedbg minimize` prints it, then what was
    /// not replayed:
    ///
    /// ```text
    /// .total > 20 still holds with 2 of 6 actions (steps 1, 3); 9 replays.
    /// not replayed: the action CartInit (1 step: 1) was recorded without Codable, so the candidates took the change it recorded; to replay it, …
    /// ```
    public var description: String {
        let steps = keptSteps.map(String.init).joined(separator: ", ")
        let plural = keptSteps.count == 1 ? "" : "s"
        var lines = ["\(predicate) still holds with \(keptSteps.count) of \(originalCount) actions (step\(plural) \(steps)); \(replays) replay\(replays == 1 ? "" : "s")\(cancelled ? ", cancelled before the end" : "")."]
        let replacements = notReplayed.filter { $0.type == ReservedActionTag.replaceState }.map(\.step)
        if let actions = NotReplayedActions(notReplayed.filter { $0.type != ReservedActionTag.replaceState }) {
            lines.append(actions.sentence(instead: "the candidates took the change \(actions.isOneStep ? "it" : "each") recorded"))
        }
        if !replacements.isEmpty {
            let list = replacements.map(String.init).joined(separator: ", ")
            lines.append("step\(replacements.count == 1 ? " \(list) replaces" : "s \(list) replace") the state from outside the reducer (\(ReservedActionTag.replaceState)): the candidates took the change \(replacements.count == 1 ? "it" : "each") recorded.")
        }
        return lines.joined(separator: "\n")
    }
}
