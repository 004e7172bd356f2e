import StateJSON
import StateJournal

/// The action the debugger records when a state is loaded from outside instead of produced by the
/// reducer. Replay does not run it: it takes the state its step recorded.
///
/// ```swift
/// ReplaceStateAction.make(["count": 5]).type    // "statedbg.replaceState"
/// ```
package enum ReplaceStateAction {
    /// The action type, `statedbg.replaceState`.
    package static let type = "statedbg.replaceState"

    /// The action that loads `state`; its payload is the state.
    package static func make(_ state: JSONValue) -> JournalAction {
        JournalAction(type: type, label: "statedbg.replaceState", payload: state)
    }
}
