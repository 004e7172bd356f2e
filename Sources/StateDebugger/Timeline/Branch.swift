import StateJSON
import StateJournal

/// A line of steps on a ``Timeline``: the recording (`main`), or the steps dispatched after moving
/// into the past, which fork from another branch and share its steps up to ``forkStep``.
///
/// ```swift
/// timeline.branches.map(\.description)
/// // ["main: steps 0 to 40 (recorded)", "branch-1: steps 0 to 13 (forked from main at 12, 1 new)"]
/// ```
public struct Branch: Sendable, Equatable, CustomStringConvertible {
    /// The branch's name.
    public var name: String
    /// The branch it forked from; `nil` for `main`.
    public var parent: String?
    /// The last step shared with ``parent`` (for `main`: the recording's last step).
    public var forkStep: Int
    /// The steps that exist only in memory: dispatched in this session.
    public var newSteps: [MemoryStep]
    /// The first step of the branch (the recording's base step).
    public var baseStep: Int

    /// The branch's last step.
    public var lastStep: Int { forkStep + newSteps.count }

    /// The branch and its steps: `main: steps 0 to 40 (recorded)` or
    /// `fix: steps 0 to 12 (forked from main at 10, 2 new)`.
    public var description: String {
        let new = newSteps.count
        if let parent {
            return "\(name): steps \(baseStep) to \(lastStep) (forked from \(parent) at \(forkStep), \(new) new)"
        }
        return "\(name): steps \(baseStep) to \(lastStep) (recorded\(new > 0 ? ", \(new) new" : ""))"
    }
}

/// A step that lives in memory: made by a dispatch in this session.
public struct MemoryStep: Sendable, Equatable {
    /// The action, as the replayer normalized it.
    public var action: JournalAction
    /// The state it produced.
    public var state: JSONValue
    /// The state's fingerprint.
    public var hash: UInt64
    /// When it was dispatched, in milliseconds since 1970.
    public var time: Int64

    /// Creates a step.
    package init(action: JournalAction, state: JSONValue, hash: UInt64, time: Int64) {
        self.action = action
        self.state = state
        self.hash = hash
        self.time = time
    }
}
