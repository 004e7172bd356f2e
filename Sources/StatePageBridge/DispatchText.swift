import Foundation
import StateJSON
import StateRecorder

/// An action as a person types it into the page, read into the live wire's dispatch (a type and a
/// payload), which the app then decodes through its registry as it decodes `app dispatch`'s.
///
/// The forms are those `statedbg attach`'s `app dispatch` takes:
///
/// ```text
/// users.addUser(name: "Ada", age: 36)        as `statedbg log` prints it
/// users.addUser {"name":"Ada","age":36}      TYPE and a JSON payload (the type may be its last part: addUser)
/// counter.increment                          TYPE alone, for a case without values
/// {"type":"users.addUser","payload":{…}}     the wire's own object
/// {"addUser":{"name":"Ada","age":36}}        the action's Codable form
/// ```
enum DispatchText {
    /// Why a text is no action: a sentence a person can act on.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    private static let forms = #"write it as `statedbg log` prints it, e.g. users.addUser(name: "Ada", age: 36), or as TYPE PAYLOAD, e.g. users.addUser {"name":"Ada","age":36}"#

    /// The type and payload `text` stands for; a label's payload read with `shapes`, the schema of each
    /// action tag (the journal header's `schema.actions`, empty when unknown).
    ///
    /// - Throws: ``Unreadable`` saying what is wrong with the text.
    static func action(_ text: String, shapes: [String: JSONValue]) throws(Unreadable) -> (type: String, payload: JSONValue) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw Unreadable(description: "The action to dispatch is empty; \(forms).") }
        if trimmed.hasPrefix("{") { return try object(trimmed) }
        if let open = trimmed.firstIndex(of: "("), !trimmed[..<open].contains(where: { $0 == " " || $0 == "{" }) {
            return try label(trimmed, shapes: shapes)
        }
        let parts = trimmed.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
        let type = String(parts[0])
        guard parts.count == 2 else { return (type, .null) }
        let payloadText = parts[1].trimmingCharacters(in: .whitespaces)
        do {
            return (type, try JSONValue(parsing: payloadText))
        } catch {
            throw Unreadable(description: "The payload \(payloadText) for \(type) is not valid JSON (\(String(describing: error).withoutFinalPeriod)); write strings in double quotes, e.g. \"Ada\".")
        }
    }

    /// An action as `statedbg log` prints it: its tag, and its arguments in parentheses.
    private static func label(_ text: String, shapes: [String: JSONValue]) throws(Unreadable) -> (type: String, payload: JSONValue) {
        let label: ActionLabel
        do {
            label = try ActionLabel(parsing: text)
        } catch {
            throw Unreadable(description: "The action \(text) cannot be read as `statedbg log` prints actions: \(error.description.withoutFinalPeriod).")
        }
        // The likeliest payload; the app tries the forms it may stand for as it decodes it.
        guard let payload = label.payloadCandidates(shapes: shapes).first else {
            throw Unreadable(description: "The action \(text) gives no payload the app's schema allows for \(label.tag); \(forms).")
        }
        return (label.tag, payload)
    }

    /// `{"type": TYPE, "payload": PAYLOAD}`, or the Codable form `{"CASE": {…}}`.
    private static func object(_ text: String) throws(Unreadable) -> (type: String, payload: JSONValue) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text)
        } catch {
            throw Unreadable(description: "The action \(text) is not valid JSON (\(String(describing: error).withoutFinalPeriod)); \(forms).")
        }
        guard case .object(let object) = value else {
            throw Unreadable(description: "The action \(text) is a JSON \(value.kind.description), not an object; \(forms).")
        }
        if let type = object["type"]?.stringValue, object.keys.allSatisfy({ $0 == "type" || $0 == "payload" }) {
            return (type, object["payload"] ?? .null)
        }
        guard object.count == 1, let caseName = object.keys.first else {
            throw Unreadable(description: "The object \(text) names no action: it has neither a \"type\" member nor a single case; \(forms).")
        }
        return (caseName, value)
    }
}
