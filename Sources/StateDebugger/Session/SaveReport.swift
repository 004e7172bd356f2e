/// What ``Session/save(to:force:)`` wrote.
///
/// ```text
/// wrote 14 steps of branch-1 to fixed.jsonl
/// ```
package struct SaveReport: Sendable, Equatable, CustomStringConvertible {
    /// The file written.
    package var path: String
    /// The branch saved.
    package var branch: String
    /// The number of steps written.
    package var steps: Int

    package var description: String { "wrote \(steps) steps of \(branch) to \(path)" }
}
