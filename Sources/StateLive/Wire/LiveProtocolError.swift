import StateJSON

/// A command line the app cannot act on, whose ``description`` is the error reply's message; or a reply
/// a client cannot read.
package enum LiveProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line is longer than ``LiveProtocol/maxLineBytes``.
    case lineTooLong(Int)
    /// The line is not JSON.
    case notJSON(String)
    /// The line is JSON but not an object.
    case notAnObject(String)
    /// The object has no `command` member.
    case missingCommand(id: JSONValue)
    /// The command is not one of ``LiveCommand/names``.
    case unknownCommand(id: JSONValue, String)
    /// A member is missing or of the wrong kind.
    case badArgument(id: JSONValue, command: String, member: String, expected: String)
    /// A successful reply to `command` lacks a member its answer has, or holds another kind there.
    case badReply(command: String, member: String, expected: String)

    /// The request id, when the line got far enough to have one.
    package var id: JSONValue {
        switch self {
        case .lineTooLong, .notJSON, .notAnObject, .badReply: .null
        case .missingCommand(let id), .unknownCommand(let id, _), .badArgument(let id, _, _, _): id
        }
    }

    package var description: String {
        switch self {
        case .lineTooLong(let count):
            "The line is \(count) bytes long, over the limit of \(LiveProtocol.maxLineBytes) bytes; it was skipped."
        case .notJSON(let detail):
            "The line is not JSON: \(detail)"
        case .notAnObject(let kind):
            "The line is a JSON \(kind), not an object with a \"command\" member."
        case .missingCommand:
            "The line has no \"command\" member; commands: \(LiveCommand.names.joined(separator: ", "))."
        case .unknownCommand(_, let name):
            "Unknown command \(JSONValue.string(name).serializedText()); commands: \(LiveCommand.names.joined(separator: ", "))."
        case .badArgument(_, let command, let member, let expected):
            "The \(command) command's \"\(member)\" must be \(expected)."
        case .badReply(let command, let member, let expected):
            "The app's reply to \(command) has no \"\(member)\" that is \(expected)."
        }
    }
}
