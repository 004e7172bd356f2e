import StateJSON

/// A description of an app's state and action types, stored in every journal's header so that later
/// code can tell whether it can still replay the recording.
///
/// The state's shape comes from reflecting on the app's initial state (field names and Swift types,
/// recursively; the first element of a non-empty collection stands for all of them). The actions'
/// shapes come from one sample of every case, keyed by tag.
///
/// ```swift
/// let schema = AppSchema(initialState: BankApp.initialState, actionSamples: BankApp.actionSamples,
///                        describer: ActionDescriber(prefix: "bank"))
/// schema.compatibility(withRecorded: header.schema)    // .compatible
/// ```
public struct AppSchema: Sendable, Equatable {
    /// The shape of the state.
    public var state: JSONValue
    /// The shape of each action case's payload, by tag.
    public var actions: [String: JSONValue]

    /// Describes an app from its initial state and one sample of every action case.
    public init<State, Action>(initialState: State, actionSamples: [Action], describer: ActionDescriber) {
        state = Self.shape(of: initialState, depth: 0)
        var actions: [String: JSONValue] = [:]
        for sample in actionSamples {
            actions[describer.describe(sample).type] = Self.shape(of: sample, depth: 0)
        }
        self.actions = actions
    }

    /// Reads a schema stored in a journal header; `nil` when the value is not one.
    public init?(jsonValue: JSONValue) {
        guard case .object(let object) = jsonValue, let state = object["state"],
              case .object(let actionObject)? = object["actions"] else { return nil }
        self.state = state
        var actions: [String: JSONValue] = [:]
        for (key, value) in actionObject.members { actions[key] = value }
        self.actions = actions
    }

    /// The schema as stored in a journal header.
    public var jsonValue: JSONValue {
        ["state": state, "actions": .object(JSONObject(actions.map { ($0.key, $0.value) }))]
    }

    /// The fingerprint of the schema, 16 hex digits.
    public var fingerprint: String {
        StateFingerprint.hex(StateFingerprint.of(jsonValue))
    }

    /// Whether a recording made with `recorded` (a header's `schema`) can be replayed by the code that
    /// has this schema, in the manner of Elm's debugger.
    public func compatibility(withRecorded recorded: JSONValue) -> SchemaCompatibility {
        guard let old = AppSchema(jsonValue: recorded) else {
            return .risky(["the recording carries no schema, so its actions may not decode"])
        }
        if old == self { return .compatible }
        var breaking: [String] = []
        for operation in JSONDiff.patch(from: old.state, to: state).operations {
            let place = Self.readable(operation.path)
            switch operation.name {
            case "add": breaking.append("the current state has \(place ?? "a part"), which the recorded state lacks")
            case "remove": breaking.append("the recorded state has \(place ?? "a part"), which the current state lacks")
            default: breaking.append(place.map { "the type of the state's \($0) changed since the recording" } ?? "the state's type changed since the recording")
            }
        }
        for tag in old.actions.keys.sorted() {
            guard let current = actions[tag] else {
                breaking.append("the action \(tag) no longer exists")
                continue
            }
            if current != old.actions[tag] {
                breaking.append("the payload of the action \(tag) changed")
            }
        }
        if !breaking.isEmpty { return .incompatible(breaking) }
        let added = actions.keys.filter { old.actions[$0] == nil }.sorted()
        return .risky(added.map { "the action \($0) is new" })
    }

    /// The place a schema change is at, as a path into the state; `nil` for the state as a whole.
    private static func readable(_ pointer: JSONPointer) -> String? {
        let tokens = pointer.tokens.filter { $0 != "fields" && $0 != "type" }
        return tokens.isEmpty ? nil : "." + tokens.joined(separator: ".")
    }

    private static func shape(of value: Any, depth: Int) -> JSONValue {
        let typeName = String(describing: type(of: value))
        let mirror = Mirror(reflecting: value)
        guard depth < 12 else { return ["type": .string(typeName)] }
        switch mirror.displayStyle {
        case .struct?, .class?:
            var fields: [(String, JSONValue)] = []
            for child in mirror.children {
                fields.append((child.label ?? "_", shape(of: child.value, depth: depth + 1)))
            }
            return ["type": .string(typeName), "fields": .object(JSONObject(fields))]
        case .enum?:
            guard let child = mirror.children.first else { return ["type": .string(typeName)] }
            return ["type": .string(typeName), "payload": shape(of: child.value, depth: depth + 1)]
        case .tuple?:
            var fields: [(String, JSONValue)] = []
            for (offset, child) in mirror.children.enumerated() {
                fields.append((child.label ?? ".\(offset)", shape(of: child.value, depth: depth + 1)))
            }
            return ["type": "tuple", "fields": .object(JSONObject(fields))]
        case .collection?, .set?:
            guard let first = mirror.children.first else { return ["type": .string(typeName)] }
            return ["type": .string(typeName), "element": shape(of: first.value, depth: depth + 1)]
        case .dictionary?:
            guard let first = mirror.children.first else { return ["type": .string(typeName)] }
            let pair = Mirror(reflecting: first.value).children.map(\.value)
            guard pair.count == 2 else { return ["type": .string(typeName)] }
            return ["type": .string(typeName), "value": shape(of: pair[1], depth: depth + 1)]
        default:
            return ["type": .string(typeName)]
        }
    }
}

/// Whether a recording's schema matches the current code.
public enum SchemaCompatibility: Sendable, Equatable, CustomStringConvertible {
    /// The same types: replay is safe.
    case compatible
    /// Only additions (new action cases), or no schema to compare: replay will probably work.
    case risky([String])
    /// Fields or cases the recording uses have changed or gone: replay will likely fail or diverge.
    case incompatible([String])

    public var description: String {
        switch self {
        case .compatible:
            "compatible: the recording's state and action types match the current code"
        case .risky(let reasons):
            "risky: " + (reasons.isEmpty ? "the types differ only by additions" : reasons.joined(separator: "; "))
        case .incompatible(let reasons):
            "incompatible: " + reasons.joined(separator: "; ")
        }
    }
}
