import StateJSON
import StateLive
import StateRecorder

/// A request the live page sends (`POST /command`): one of the live wire's commands a person may give
/// from the page, with `dispatch` taking the text the person typed.
///
/// ```swift
/// try LivePageRequest(body: Array(#"{"command":"jump","step":3,"id":7}"#.utf8), schema: schema).command
/// // .jump(step: 3)
/// ```
struct LivePageRequest {
    /// The id the page chose; its reply carries it.
    let id: JSONValue
    /// The command for the app.
    let command: LiveCommand

    /// The commands the page may send.
    static let names = ["jump", "undo", "redo", "pause", "resume", "snapshot", "status", "dispatch"]

    /// Why a request cannot be sent to the app: the reply the page gets instead.
    struct Refusal: Error {
        let reply: LiveReply
    }

    /// Reads a request; `schema` (the journal header's) turns an action written as `log` prints it
    /// into its type and payload.
    ///
    /// - Throws: ``Refusal`` with an error reply naming what is wrong.
    init(body: [UInt8], schema: JSONValue) throws(Refusal) {
        guard case .object(let object)? = try? JSONValue(parsing: body) else {
            throw Refusal(reply: LiveReply(id: .null, error: "The request is not a JSON object."))
        }
        id = object["id"] ?? .null
        let name = object["command"]?.stringValue ?? ""
        guard Self.names.contains(name) else {
            throw Refusal(reply: LiveReply(id: id, error: "The page may send \(Self.names.joined(separator: ", ")); \(name.isEmpty ? "the request names no command" : "not \"\(name)\"")."))
        }
        if name == "dispatch" {
            guard let text = object["text"]?.stringValue, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw Refusal(reply: LiveReply(id: id, error: #"dispatch needs "text": the action as statedbg log prints it, e.g. users.addUser(name: "Ada", age: 36)."#))
            }
            if let call = ReplAppDispatch.labelCommand(text, schema: schema) {
                command = call.command
                return
            }
            // Text written as log prints an action (a tag followed at once by "(") that does not read as
            // one: say where, rather than read it as a type and a JSON payload it is not.
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let open = trimmed.firstIndex(of: "("), !trimmed[..<open].contains(where: { $0 == " " || $0 == "{" }) {
                do {
                    _ = try ActionLabel(parsing: trimmed)
                } catch {
                    throw Refusal(reply: LiveReply(id: id, error: "\(trimmed) is not an action as statedbg log prints it (\(error.description)); write it as users.addUser(name: \"Ada\", age: 36), or as TYPE {JSON PAYLOAD}."))
                }
            }
            do {
                command = try AttachedApp.dispatchCommand(text).command
            } catch {
                throw Refusal(reply: LiveReply(id: id, error: error.message))
            }
            return
        }
        // Everything else is the wire's own request, read as the app would read it.
        var wire = object
        wire["id"] = .integer(0)
        let line = Array(JSONValue.object(wire).canonicalText.utf8)
        do {
            command = try LiveRequest(line: line).command
        } catch {
            throw Refusal(reply: LiveReply(id: id, error: error.description))
        }
    }
}
