import StateDebugger
import StateJSON
import StateQuery

/// A place `continue` and `reverse-continue` stop: a predicate becoming true, an action of a type, or a
/// watched value changing. Numbered as in gdb, breakpoints and watchpoints alike.
struct Breakpoint: Sendable {
    /// What makes it stop.
    enum Condition: Sendable {
        /// The predicate is false at a step's parent and true at the step.
        case predicate(StatePredicate, text: String)
        /// The step's action type matches (exactly, or as a glob with `*` and `?`).
        case action(ActionPattern)
        /// The values the path selects differ between a step's parent and the step.
        case watch(JSONPath, text: String)
    }

    /// The number `delete`, `disable` and `enable` take.
    var number: Int
    var condition: Condition
    var isEnabled = true
    /// Whether it is also set in the attached app as a trap (`--trap`), which `delete` removes there too.
    var trapsApp = false
    /// How many times `continue` or `reverse-continue` stopped here, and, for a breakpoint set with
    /// `--trap`, how many steps of the attached app met it (whether the app trapped or skipped the trap).
    var hits = 0

    var isWatch: Bool {
        if case .watch = condition { return true }
        return false
    }

    /// `when .balance < 0`, `action bank.*`, `.owner`, as `info breakpoints` lists it.
    var what: String {
        let what = switch condition {
        case .predicate(_, let text): "when \(text)"
        case .action(let pattern): "action \(pattern.text)"
        case .watch(_, let text): text
        }
        return what + (trapsApp ? " --trap" : "")
    }

    /// `breakpoint 1` or `watchpoint 2`.
    var label: String { "\(isWatch ? "watchpoint" : "breakpoint") \(number)" }
}
