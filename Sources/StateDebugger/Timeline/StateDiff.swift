import StateJSON

/// The difference between the states of two steps, as a patch and as text for people.
///
/// ```swift
/// let diff = try timeline.diff(from: 2, to: 3)
/// print(diff?.rendered ?? "no change")
/// ```
/// ```text
///   {
/// -   "count": 2,
/// +   "count": 3,
///     "notes": []
///   }
/// ```
public struct StateDiff: Sendable, Equatable {
    /// The step the diff starts from (`-` lines).
    public var from: Int
    /// The step the diff goes to (`+` lines).
    public var to: Int
    /// The RFC 6902 patch that turns the first state into the second.
    public var patch: JSONPatch
    /// The custom-dump style rendering.
    public var rendered: String

    /// The diff between two states, or `nil` when they are equal.
    public static func between(_ old: JSONValue, _ new: JSONValue, from: Int, to: Int,
                               renderer: JSONDiffRenderer = JSONDiffRenderer()) -> StateDiff? {
        guard let rendered = renderer.render(from: old, to: new) else { return nil }
        return StateDiff(from: from, to: to, patch: JSONDiff.patch(from: old, to: new), rendered: rendered)
    }
}
