import StateJSON
import TerminalKit

/// `state [PATH]`: the state at the cursor.
enum ReplState: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "state", abstract: "Print the state at the cursor, or the values PATH selects.",
                    arguments: [ArgumentSpec("path", help: ShowCommand.spec.option("path").help, isOptional: true)]),
        aliases: ["s"], completes: .path, takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let state = try repl.currentState()
        let path = input.text.isEmpty ? nil : try repl.parsePath(input.text)
        let step = repl.timeline.step
        // A path that selects nothing anywhere is a mistake to name, as `statedbg show` names it.
        if let path, path.values(in: state).isEmpty { try repl.requireSelectsSomething(path) }
        return try ShowCommand.render(state, path: path, json: false, full: false, printer: repl.printer) {
            "\($0) selects nothing in the state after step \(step)."
        }
    }
}
