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

    /// The steps kept and how many replays it took, as `statedbg minimize` prints it.
    public var description: String {
        let steps = keptSteps.map(String.init).joined(separator: ", ")
        let plural = keptSteps.count == 1 ? "" : "s"
        return "\(predicate) still holds with \(keptSteps.count) of \(originalCount) actions (step\(plural) \(steps)); \(replays) replay\(replays == 1 ? "" : "s")\(cancelled ? ", cancelled before the end" : "")."
    }
}
