import StateDebugger
import StateJSON
import TerminalKit

/// `dispatch JSON`: run a new action through the app's reducer at the cursor.
enum ReplDispatch: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "dispatch", abstract: "Run an action through the reducer here; in the past this starts a new branch.",
                    arguments: [ArgumentSpec("action", help: #"The action as its Codable form writes it, e.g. {"add":{"_0":5}}."#)]),
        takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let payload: JSONValue
        do {
            payload = try JSONValue(parsing: input.text)
        } catch {
            throw CommandFailure(.usage, "The action is not valid JSON: \(error)")
        }
        let report = try CommandFailure.translating { () throws(DebuggerError) in try repl.session.dispatch(payload) }
        guard case .applied = report.outcome else { throw CommandFailure(.checkFailed, report.description) }
        return report.description + "\n" + (try repl.here())
    }
}
