import StateJSON
import StateLive

/// A request from the page, read: the live wire's request, limited to what the page may ask, with a
/// dispatch carrying the text the person typed.
///
/// ```swift
/// let request = try PageRequest(json: Array(#"{"command":"dispatch","text":"users.addUser(name: \"Ada\", age: 36)","id":4}"#.utf8))
/// request.command   // .dispatch(text: "users.addUser(name: \"Ada\", age: 36)")
/// request.id        // 4
/// ```
package struct PageRequest: Sendable, Equatable {
    /// What the page asks.
    package enum Command: Sendable, Equatable {
        /// A live command sent to the app as it is: jump, undo, redo, pause, resume, snapshot, status.
        case live(LiveCommand)
        /// An action as the person typed it: in any form `statedbg log` prints or `app dispatch` takes.
        case dispatch(text: String)
    }

    /// The commands a page may send, in the order the errors list them.
    package static let commands = ["jump", "undo", "redo", "pause", "resume", "snapshot", "status", "dispatch"]

    /// The longest request read, in bytes: a typed action is short.
    package static let defaultMaxBytes = 64 << 10

    /// The id the page chose (any JSON value); its reply carries it. `null` when absent.
    package var id: JSONValue
    /// What is asked.
    package var command: Command

    /// A request.
    package init(id: JSONValue, command: Command) {
        self.id = id
        self.command = command
    }

    /// Reads one request as the page sent it (JSON text).
    ///
    /// - Throws: ``PageRequestError`` saying what is wrong, with the request's id once it has one.
    package init(json: [UInt8], maxBytes: Int = defaultMaxBytes) throws(PageRequestError) {
        let head: LiveRequestHead
        do {
            head = try LiveRequestHead(line: json, maxBytes: maxBytes)
        } catch {
            switch error {
            case .tooLong(let count): throw .tooLarge(count, limit: maxBytes)
            case .notJSON(let detail): throw .notJSON(detail)
            case .notAnObject(let kind): throw .notAnObject(kind)
            case .missingCommand(let id): throw .missingCommand(id: id)
            case .commandNotAString(let id): throw .badArgument(id: id, command: "request", member: "command", expected: "a string")
            }
        }
        let id = head.id, name = head.command
        guard Self.commands.contains(name) else { throw .unknownCommand(id: id, name) }
        if name == "dispatch" {
            guard let text = head.object["text"]?.stringValue else {
                throw .badArgument(id: id, command: name, member: "text",
                                   expected: #"a string: the action as `statedbg log` prints it, e.g. users.addUser(name: "Ada", age: 36)"#)
            }
            self.init(id: id, command: .dispatch(text: text))
            return
        }
        // The wire's own reading checks the arguments: the page's commands take the same ones.
        do {
            self.init(id: id, command: .live(try LiveRequest(head: head).command))
        } catch {
            switch error {
            case .badArgument(_, let command, let member, let expected):
                throw .badArgument(id: id, command: command, member: member, expected: expected)
            default:
                throw .notJSON(error.description)
            }
        }
    }

    /// The live command to send the app: a dispatch's text read as an action with the help of the app's
    /// schema (its journal header's `schema.actions`).
    ///
    /// - Throws: ``PageRequestError/unreadableAction(id:_:)`` when the text is no action.
    package func liveCommand(actionShapes: [String: JSONValue]) throws(PageRequestError) -> LiveCommand {
        switch command {
        case .live(let command):
            return command
        case .dispatch(let text):
            do {
                let (type, payload) = try DispatchText.action(text, shapes: actionShapes)
                return .dispatch(type: type, payload: payload)
            } catch {
                throw .unreadableAction(id: id, error.description)
            }
        }
    }
}
