/// The action tags statedbg keeps for steps of its own: every tag that starts with `statedbg.`.
///
/// An app's actions never carry one (StateRecorder's `ActionRegistry` refuses such a name), so a
/// reader can tell statedbg's steps from the app's by the tag alone. The journal format specification
/// lists them (<doc:JournalFileFormat#Reserved-action-tags>); today there is one:
///
/// ```swift
/// ReservedActionTag.replaceState              // "statedbg.replaceState"
/// ReservedActionTag.isReserved("bank.pay")    // false
/// ```
public enum ReservedActionTag {
    /// The start of every reserved tag: `statedbg.`.
    public static let prefix = "statedbg."

    /// `statedbg.replaceState`: a step whose state was set from outside the reducer (a time travel
    /// of the app recorded as a new step, a state loaded in the debugger). No action ran, so a replay
    /// takes the state the step records.
    public static let replaceState = "statedbg.replaceState"

    /// The UTF-8 length of ``replaceState``, which a replay compares before the text.
    static let replaceStateByteCount = replaceState.utf8.count

    /// Whether `tag` is in the reserved namespace: `statedbg.` or any tag that starts with it.
    public static func isReserved(_ tag: String) -> Bool {
        tag.hasPrefix(prefix) || tag == String(prefix.dropLast())
    }
}
