import StateJSON

/// An action as a journal stores it: a stable type tag, a label for people, the payload that the
/// action's `Codable` conformance produces, and optionally where it was dispatched.
///
/// An action whose type is not `Codable` (or not registered) is still recorded, with a payload
/// reflected from its stored properties; ``isReplayable`` is then `false`, because nothing can turn
/// that payload back into the Swift value.
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
    /// The action exactly as its `Encodable` conformance writes it, or as reflection saw it when
    /// ``isReplayable`` is `false`.
    public var payload: JSONValue
    /// Whether ``payload`` can be decoded back into the action: `false` for an action recorded through
    /// reflection (written as `"replayable":false`; the member is absent otherwise).
    public var isReplayable: Bool
    /// Where the action was dispatched, as `Module/File.swift:42`, when the recorder was told.
    public var site: String?

    /// Creates an action record.
    public init(type: String, label: String, payload: JSONValue, isReplayable: Bool = true, site: String? = nil) {
        self.type = type
        self.label = label
        self.payload = payload
        self.isReplayable = isReplayable
        self.site = site
    }

    /// The action as the JSON object a journal line holds: `{"label": …, "payload": …, "type": …}`,
    /// with `"replayable":false` and `"site":…` between `payload` and `type` when they apply.
    public var jsonValue: JSONValue {
        if isReplayable && site == nil {
            return .object(JSONObject(uncheckedSortedKeys: ["label", "payload", "type"],
                                      values: [.string(label), payload, .string(type)]))
        }
        var keys = ["label", "payload"]
        var values: [JSONValue] = [.string(label), payload]
        if !isReplayable {
            keys.append("replayable")
            values.append(.bool(false))
        }
        if let site {
            keys.append("site")
            values.append(.string(site))
        }
        keys.append("type")
        values.append(.string(type))
        return .object(JSONObject(uncheckedSortedKeys: keys, values: values))
    }

    /// This action without its call site: what a replay compares and what an action cache keys on.
    public var withoutSite: JournalAction {
        var copy = self
        copy.site = nil
        return copy
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
        let replayable: Bool
        switch object["replayable"] {
        case .bool(let flag)?: replayable = flag
        case nil: replayable = true
        case let other?: throw .wrongType(field: "action.replayable", expected: "a Boolean", found: other.kind)
        }
        let site: String?
        switch object["site"] {
        case .string(let text)?: site = text
        case nil: site = nil
        case let other?: throw .wrongType(field: "action.site", expected: "a string", found: other.kind)
        }
        self.init(type: typeText, label: label, payload: object["payload"] ?? .null, isReplayable: replayable, site: site)
    }
}
