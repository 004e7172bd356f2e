import StateJSON

/// Why the bridge refused a request from the page without asking the app; its ``description`` is the
/// error reply's message, and ``id`` the request's id when the request got far enough to have one.
package enum PageRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request is longer than the bridge reads (its byte count, the limit).
    case tooLarge(Int, limit: Int)
    /// The request is not JSON (the parser's detail).
    case notJSON(String)
    /// The request is JSON, but not an object (the kind it is).
    case notAnObject(String)
    /// The object has no `command` member.
    case missingCommand(id: JSONValue)
    /// The command is not one the page may send (the name given).
    case unknownCommand(id: JSONValue, String)
    /// A member is missing or of the wrong kind.
    case badArgument(id: JSONValue, command: String, member: String, expected: String)
    /// The text of a dispatch does not read as an action (why).
    case unreadableAction(id: JSONValue, String)
    /// The page has this many requests the app has not answered yet, the most it may have.
    case tooManyPending(id: JSONValue, Int)
    /// The bridge no longer reaches the app (why).
    case appGone(id: JSONValue, String)

    /// The request's id, or `null` when the request did not get far enough to have one.
    package var id: JSONValue {
        switch self {
        case .tooLarge, .notJSON, .notAnObject: .null
        case .missingCommand(let id), .unknownCommand(let id, _), .badArgument(let id, _, _, _), .unreadableAction(let id, _),
             .tooManyPending(let id, _), .appGone(let id, _): id
        }
    }

    package var description: String {
        let commands = PageRequest.commands.joined(separator: ", ")
        switch self {
        case .tooLarge(let count, let limit):
            return "The request is \(count) bytes long, over the page's limit of \(limit) bytes; it was not sent to the app."
        case .notJSON(let detail):
            return "The request is not JSON: \(detail.withoutFinalPeriod)."
        case .notAnObject(let kind):
            return "The request is a JSON \(kind), not an object with a \"command\" member."
        case .missingCommand:
            return "The request has no \"command\" member; the page's commands are \(commands)."
        case .unknownCommand(_, let name):
            return "The page cannot send the command \(JSONValue.string(name).serializedText()); its commands are \(commands)."
        case .badArgument(_, let command, let member, let expected):
            return "The \(command) command's \"\(member)\" must be \(expected)."
        case .unreadableAction(_, let why):
            return why
        case .tooManyPending(_, let count):
            return "The page has \(count) requests the app has not answered yet, the most it may have; wait for their replies."
        case .appGone(_, let why):
            return "The page no longer reaches the app (\(why.withoutFinalPeriod)); nothing was sent."
        }
    }
}
