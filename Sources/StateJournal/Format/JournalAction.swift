import StateJSON

/// An action as a journal stores it: a stable type tag, a label for people, and the payload that the
/// action's `Codable` conformance produces.
///
/// ```swift
/// let action = JournalAction(
///     type: "bank.pay",
///     label: "bank.pay(from: jenny, to: donald, amount: 10)",
///     payload: ["pay": ["from": "jenny", "to": "donald", "amount": 10]]
/// )
/// ```
public struct JournalAction: Sendable, Hashable {
    /// The stable tag that says which case of which app's action type this is, e.g. `bank.pay`.
    public var type: String
    /// A short description for people, e.g. `bank.pay(from: jenny, to: donald, amount: 10)`.
    public var label: String
    /// The action exactly as its `Encodable` conformance writes it.
    public var payload: JSONValue

    /// Creates an action record.
    public init(type: String, label: String, payload: JSONValue) {
        self.type = type
        self.label = label
        self.payload = payload
    }

    /// The action as the JSON object a journal line holds: `{"label": …, "payload": …, "type": …}`.
    public var jsonValue: JSONValue {
        .object(JSONObject(uncheckedSortedKeys: ["label", "payload", "type"], values: [.string(label), payload, .string(type)]))
    }

    /// Reads an action record from a journal line's `action` member.
    public init(jsonValue: JSONValue) throws(JournalLineError) {
        guard case .object(let object) = jsonValue else {
            throw .wrongType(field: "action", expected: "an object", found: jsonValue.kind)
        }
        guard let type = object["type"] else { throw .missingField("action.type") }
        guard case .string(let typeText) = type, !typeText.isEmpty else {
            throw .wrongType(field: "action.type", expected: "a non-empty string", found: type.kind)
        }
        let label: String
        switch object["label"] {
        case .string(let text)?: label = text
        case nil: label = typeText
        case let other?: throw .wrongType(field: "action.label", expected: "a string", found: other.kind)
        }
        self.init(type: typeText, label: label, payload: object["payload"] ?? .null)
    }
}
