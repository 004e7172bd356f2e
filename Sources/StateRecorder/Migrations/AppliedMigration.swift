/// Which migrations a recording was read through, for reports: the versions and what each step did.
///
/// ```swift
/// print(plan.applied)
/// ```
/// ```text
/// the migration from version 1 to 2: rename .users[*].age to years
/// ```
public struct AppliedMigration: Sendable, Equatable, CustomStringConvertible {
    /// The recording's version.
    public let from: Int
    /// The version it was read as.
    public let to: Int
    /// What each step did, in order (``MigrationStep/summary``).
    public let steps: [String]

    /// A summary of reading a recording from version `from` to `to` through steps that did `steps`.
    public init(from: Int, to: Int, steps: [String]) {
        self.from = from
        self.to = to
        self.steps = steps
    }

    /// `the migration from version 1 to 2`, or `the migrations from version 1 to 3`.
    public var versions: String {
        to - from == 1 ? "the migration from version \(from) to \(to)" : "the migrations from version \(from) to \(to)"
    }

    /// The versions and the steps: `the migration from version 1 to 2: rename .users[*].age to years`.
    public var description: String {
        steps.isEmpty ? versions : "\(versions): " + steps.joined(separator: "; ")
    }
}
