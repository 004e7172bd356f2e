import StateJournal

/// A step whose action no replay can run: recorded without `Codable` (through reflection), or a state
/// replacement; a replay takes its recorded state when the state type can be decoded.
///
/// ```text
/// step 12: action Effect.run was recorded without Codable, so it cannot be replayed
/// ```
public struct UnreplayableStep: Sendable, Equatable, CustomStringConvertible {
    /// The step number.
    public var step: Int
    /// The step's line in the file, when it has one.
    public var line: Int?
    /// The action's type tag.
    public var type: String

    /// Describes a step that cannot be replayed.
    public init(step: Int, line: Int?, type: String) {
        self.step = step
        self.line = line
        self.type = type
    }

    /// `step 3: action Tick was recorded without Codable, so it cannot be replayed`, or for a state
    /// replacement `step 3 replaces the state from outside the reducer (statedbg.replaceState)`.
    public var description: String {
        type == ReservedActionTag.replaceState
            ? "step \(step) replaces the state from outside the reducer (\(type))"
            : "step \(step): action \(type) was recorded without Codable, so it cannot be replayed"
    }
}
