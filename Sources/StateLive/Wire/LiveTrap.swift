import StateJSON

/// A breakpoint a debugger sets in the running app (`break when PRED --trap`, `break action TYPE
/// --trap`): when the app records a step that meets it, the app raises SIGTRAP on its dispatching thread
/// if a debugger (Xcode, lldb, gdb) is attached to it, and says so with a ``LiveNotice`` either way.
///
/// ```swift
/// LiveTrap(number: 1, condition: .when(".balance < 0")).condition.text   // "when .balance < 0"
/// ```
package struct LiveTrap: Sendable, Equatable {
    /// What makes the app trap.
    package enum Condition: Sendable, Equatable {
        /// The predicate (the REPL's language) holds at a step and did not at the step recorded before it.
        case when(String)
        /// The step's action type matches the glob (`*`, `?`).
        case action(String)

        /// `when .balance < 0` or `action bank.*`, as the REPL writes the breakpoint.
        package var text: String {
            switch self {
            case .when(let predicate): "when \(predicate)"
            case .action(let pattern): "action \(pattern)"
            }
        }
    }

    /// The debugger's number for it, which `untrap` takes.
    package var number: Int
    /// What makes the app trap.
    package var condition: Condition

    /// A trap.
    package init(number: Int, condition: Condition) {
        self.number = number
        self.condition = condition
    }

    /// The members of the `trap` command besides `command` and `id`.
    var members: [(String, JSONValue)] {
        switch condition {
        case .when(let predicate): [("number", .integer(Int64(number))), ("when", .string(predicate))]
        case .action(let pattern): [("number", .integer(Int64(number))), ("action", .string(pattern))]
        }
    }
}
