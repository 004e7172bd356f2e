import StateJSON

/// The first things read from a request, before its command's own members: its size, that it is a
/// JSON object, its id and its command's name. The live wire's requests (``LiveRequest``) and the live
/// page's (which the page bridge reads) begin alike; each says a failure in its own error.
///
/// ```swift
/// let head = try LiveRequestHead(line: Array(#"{"command":"jump","id":7,"step":12}"#.utf8), maxBytes: 1024)
/// head.command   // "jump"
/// head.id        // 7
/// ```
package struct LiveRequestHead: Sendable, Equatable {
    /// Why a request has no head.
    package enum Failure: Error, Sendable, Equatable {
        /// It is longer than the reader takes (its byte count).
        case tooLong(Int)
        /// It is not JSON (the parser's detail).
        case notJSON(String)
        /// It is JSON, but not an object (the kind it is).
        case notAnObject(String)
        /// The object has no `command` member.
        case missingCommand(id: JSONValue)
        /// The `command` member is not a string.
        case commandNotAString(id: JSONValue)
    }

    /// The request's members.
    package var object: JSONObject
    /// The id the client chose (any JSON value); its reply carries it. `null` when absent.
    package var id: JSONValue
    /// The command's name.
    package var command: String

    /// Reads the head of one request (without its line feed) of at most `maxBytes` bytes.
    package init(line: some Collection<UInt8>, maxBytes: Int) throws(Failure) {
        guard line.count <= maxBytes else { throw .tooLong(line.count) }
        let value: JSONValue
        do {
            value = try JSONParser().parse(line)
        } catch {
            throw .notJSON("\(error)")
        }
        guard case .object(let object) = value else { throw .notAnObject(value.kind.description) }
        let id = object["id"] ?? .null
        guard let nameValue = object["command"] else { throw .missingCommand(id: id) }
        guard let name = nameValue.stringValue else { throw .commandNotAString(id: id) }
        self.object = object
        self.id = id
        command = name
    }
}
