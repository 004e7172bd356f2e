import StateDebugger
import TerminalKit

/// `first`: go to the initial state.
enum ReplFirst: ReplCommandProtocol {
    static let info = ReplCommandInfo(CommandSpec(name: "first", abstract: "Go to the initial state."))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        try repl.move { () throws(DebuggerError) in repl.timeline.first() }
    }
}
