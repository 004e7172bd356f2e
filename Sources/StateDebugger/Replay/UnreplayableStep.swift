/// A step whose action was recorded without `Codable` (through reflection), so no replay can run it.
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

    /// `step 3: action Tick was recorded without Codable, so it cannot be replayed`.
    public var description: String {
        "step \(step): action \(type) was recorded without Codable, so it cannot be replayed"
    }
}
