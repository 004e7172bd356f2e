import StateDebugger
import StateJSON
import StateRecorder
import TerminalKit

/// `dispatch ACTION`: run a new action through the app's reducer at the cursor.
enum ReplDispatch: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "dispatch", abstract: "Run an action through the reducer here; in the past this starts a new branch.",
                    discussion: """
                        The action is written as log prints it, users.addUser(name: "Eve", age: -5) (a tag may \
                        be shortened to its unique last part, addUser(…)), or as its Codable form writes it, \
                        {"addUser":{"name":"Eve","age":-5}}, or as {"type": TAG, "payload": …}. A bare \
                        payload that more than one action type decodes is refused, with the candidates.
                        """,
                    arguments: [ArgumentSpec("action", help: #"The action as log prints it, or as JSON, e.g. {"add":{"_0":5}}."#)]),
        takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let typed = try parse(input.text)
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            switch typed {
            case .json(let payload): try repl.session.dispatch(payload)
            case .label(let label): try repl.session.dispatch(label: label)
            }
        }
        guard case .applied = report.outcome else { throw CommandFailure(.checkFailed, report.description) }
        return report.description + "\n" + (try repl.here())
    }

    /// An action as a person typed it.
    enum Typed {
        case json(JSONValue)
        case label(ActionLabel)
    }

    /// JSON when the text starts as JSON does, else a label as `log` prints it.
    static func parse(_ text: String) throws(CommandFailure) -> Typed {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        if let first = trimmed.first, "{[\"-0123456789".contains(first) || trimmed == "null" || trimmed == "true" || trimmed == "false" {
            do {
                return .json(try JSONValue(parsing: String(trimmed)))
            } catch {
                throw CommandFailure(.usage, "The action is not valid JSON: \(error)")
            }
        }
        do {
            return .label(try ActionLabel(parsing: String(trimmed)))
        } catch {
            throw CommandFailure(.usage, "The action is not written as log prints it, users.addUser(name: \"Eve\", age: -5), nor as JSON: \(error).")
        }
    }
}
