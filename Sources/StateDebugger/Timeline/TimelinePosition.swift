/// A place on a timeline: a branch and a step on it.
///
/// ```swift
/// timeline.position     // TimelinePosition(branch: "main", step: 12)
/// ```
public struct TimelinePosition: Sendable, Hashable, CustomStringConvertible {
    /// The branch's name; `main` is the recording itself.
    public var branch: String
    /// The step number; the base step is the initial state.
    public var step: Int

    /// Creates a position.
    public init(branch: String, step: Int) {
        self.branch = branch
        self.step = step
    }

    /// `main@12`.
    public var description: String { "\(branch)@\(step)" }
}
