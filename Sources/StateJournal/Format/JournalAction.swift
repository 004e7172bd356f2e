import StateJSON

/// An action as a journal stores it: a stable type tag, a label for people, the payload that the
/// action's `Codable` conformance produces, and optionally where it was dispatched.
///
/// An action whose type is not `Codable` (or not registered) is still recorded, with a payload
/// reflected from its stored properties (``coding`` is then ``PayloadCoding/reflection``), because
/// nothing can turn that payload back into the Swift value. What a replay does with a step is its
/// ``replayMode``.
///
/// ```swift
/// let action = JournalAction(
///     type: "bank.pay",
///     label: "bank.pay(from: jenny, to: donald, amount: 10)",
///     payload: ["pay": ["from": "jenny", "to": "donald", "amount": 10]]
/// )
/// action.replayMode    // .decode
/// ```
public struct JournalAction: Sendable, Hashable {
    /// The stable tag that says which case of which app's action type this is, e.g. `bank.pay`. Tags
    /// that start with `statedbg.` are statedbg's own (see ``ReservedActionTag``).
    public var type: String
    /// A short description for people, e.g. `bank.pay(from: jenny, to: donald, amount: 10)`.
    public var label: String
    /// The action exactly as its `Encodable` conformance writes it, or as reflection saw it when
    /// ``coding`` is ``PayloadCoding/reflection``.
    public var payload: JSONValue
    /// How the recorder made ``payload``: `"replayable":false` in the line for ``PayloadCoding/reflection``,
    /// no member for ``PayloadCoding/codable``.
    public var coding: PayloadCoding
    /// Where the action was dispatched, as `Module/File.swift:42`, when the recorder was told.
    public var site: String?
    /// What a step line said of its call site that only a reader following the journal's lines can
    /// resolve (``CallSiteList``), until it puts the site itself in ``site``: set only in an action
    /// parsed from a line, never written. `nil` for a site written whole, and for an object without a
    /// `site` member (no site before version 6, the site in force from version 6 on).
    package var siteNote: SiteNote?

    /// A step line's word on its call site that depends on the lines before it.
    package enum SiteNote: Sendable, Hashable {
        /// `"site":3`: the third site of the journal's site list (version 5 on).
        case number(Int)
        /// `"site":null`: no site, where a site was in force (version 6 on).
        case null
        /// The action written as its call alone, a JSON string: the site in force (version 6 on).
        case bareCall
    }

    /// The number a version 5 step line names its call site by (`"site":3`): ``siteNote`` when it is one.
    package var siteNumber: Int? {
        get {
            if case .number(let number)? = siteNote { return number }
            return nil
        }
        set { siteNote = newValue.map { .number($0) } }
    }

    /// How a recorder turned an action into its ``JournalAction/payload``.
    public enum PayloadCoding: Sendable, Hashable {
        /// Through the action type's `Encodable` conformance: the payload decodes back into the action.
        case codable
        /// Through reflection of an action type that is not `Codable`: the payload can be read, shown
        /// and searched, but nothing can decode it.
        case reflection
    }

    /// Creates an action record.
    public init(type: String, label: String, payload: JSONValue, coding: PayloadCoding = .codable, site: String? = nil) {
        self.type = type
        self.label = label
        self.payload = payload
        self.coding = coding
        self.site = site
    }

    /// Creates an action record whose payload is its `Codable` form when `isReplayable`, or reflected
    /// when not.
    public init(type: String, label: String, payload: JSONValue, isReplayable: Bool, site: String? = nil) {
        self.init(type: type, label: label, payload: payload, coding: isReplayable ? .codable : .reflection, site: site)
    }

    /// Whether ``payload`` is the action's `Codable` form (``coding`` is ``PayloadCoding/codable``).
    /// What a replay does with the step is ``replayMode``, which also knows statedbg's own steps.
    public var isReplayable: Bool {
        get { coding == .codable }
        set { coding = newValue ? .codable : .reflection }
    }

    /// The action as the JSON object a journal line holds: `{"label": …, "payload": …, "type": …}`,
    /// with `"replayable":false` and `"site":…` between `payload` and `type` when they apply.
    public var jsonValue: JSONValue {
        if coding == .codable && site == nil {
            return .object(JSONObject(uncheckedSortedKeys: ["label", "payload", "type"],
                                      values: [.string(label), payload, .string(type)]))
        }
        var keys = ["label", "payload"]
        var values: [JSONValue] = [.string(label), payload]
        if coding == .reflection {
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

    /// The action as a line of a journal of format `version` holds it: from version 4 on,
    /// `{"call": …}` (with `"site"` when it applies) when the label gives back the tag and payload
    /// (see ``ActionCall``), else ``jsonValue``.
    package func jsonValue(version: Int) -> JSONValue {
        guard version >= 4, let call = callValue else { return jsonValue }
        return call
    }

    /// `{"call": label}`, with `"site"` when it applies, when ``ActionCall/parse(_:)`` reads the label
    /// back as exactly this action's tag and payload; `nil` otherwise, and for a reflected payload.
    package var callValue: JSONValue? {
        guard coding == .codable, let read = ActionCall.parse(label), read.type == type, read.payload == payload else { return nil }
        guard let site else { return .object(JSONObject(uncheckedSortedKeys: ["call"], values: [.string(label)])) }
        return .object(JSONObject(uncheckedSortedKeys: ["call", "site"], values: [.string(label), .string(site)]))
    }

    /// This action without its call site: what a replay compares and what an action cache keys on.
    public var withoutSite: JournalAction {
        var copy = self
        copy.site = nil
        copy.siteNote = nil
        return copy
    }

    /// Reads an action record from a journal line's `action` member: an object, or from version 6 on
    /// the action's call alone as a string (which the reader of the line checks against the version).
    public init(jsonValue: JSONValue) throws(JournalLineError) {
        if case .string = jsonValue {
            try self.init(call: jsonValue, object: JSONObject(), field: "action")
            siteNote = .bareCall
            return
        }
        guard case .object(let object) = jsonValue else {
            throw .wrongType(field: "action", expected: "an object or a call (a string)", found: jsonValue.kind)
        }
        if object["type"] == nil, let call = object["call"] {
            try self.init(call: call, object: object)
            return
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
        let coding: PayloadCoding
        switch object["replayable"] {
        case .bool(let flag)?: coding = flag ? .codable : .reflection
        case nil: coding = .codable
        case let other?: throw .wrongType(field: "action.replayable", expected: "a Boolean", found: other.kind)
        }
        let (site, note) = try Self.site(in: object)
        self.init(type: typeText, label: label, payload: object["payload"] ?? .null, coding: coding, site: site)
        siteNote = note
    }

    /// Reads a version 4 action written as a call: `{"call": label, "site": …}`, or the call alone
    /// (version 6), whose errors name `field`.
    private init(call: JSONValue, object: JSONObject, field: String = "action.call") throws(JournalLineError) {
        guard case .string(let text) = call else {
            throw .wrongType(field: field, expected: "a string", found: call.kind)
        }
        guard let read = ActionCall.parse(text) else {
            throw .invalidValue(field: field, reason: "is \"\(text)\", which is not a call (tag(name: value, …)) that gives an action's tag and payload")
        }
        let (site, note) = try Self.site(in: object)
        self.init(type: read.type, label: text, payload: read.payload, coding: .codable, site: site)
        siteNote = note
    }

    /// The `site` member: a string, from version 5 on a number of the journal's site list
    /// (``CallSiteList``), from version 6 on `null`; the reader of the line resolves the last two.
    private static func site(in object: JSONObject) throws(JournalLineError) -> (site: String?, note: SiteNote?) {
        switch object["site"] {
        case .string(let text)?: return (text, nil)
        case nil: return (nil, nil)
        case .null?: return (nil, SiteNote.null)
        case .integer(let number)? where number >= 1 && number <= Int64(Int32.max): return (nil, .number(Int(number)))
        case .integer(let number)?:
            throw .invalidValue(field: "action.site", reason: "is \(number), but call sites named by number count from 1")
        case let other?: throw .wrongType(field: "action.site", expected: "a string, a call site's number or null", found: other.kind)
        }
    }
}
