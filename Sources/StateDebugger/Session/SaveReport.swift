/// What ``Session/save(to:force:)`` wrote.
///
/// ```text
/// wrote 14 steps of branch-1 to fixed.jsonl
/// ```
public struct SaveReport: Sendable, Equatable, CustomStringConvertible {
    /// The file written.
    public var path: String
    /// The branch saved.
    public var branch: String
    /// The number of steps written.
    public var steps: Int

    public var description: String { "wrote \(steps) steps of \(branch) to \(path)" }
}
