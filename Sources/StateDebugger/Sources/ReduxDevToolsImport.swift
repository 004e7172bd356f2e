import StateJSON
import StateJournal

/// A Redux DevTools export as a ``RecordingSource``, held in memory.
///
/// Two forms are read, told apart by their members:
///
/// - the lifted state: `{"actionsById": {"0": {"action": {"type": "@@INIT"}, "timestamp": …,
///   "type": "PERFORM_ACTION"}, …}, "computedStates": [{"state": …}, …], "stagedActionIds": [0, 1, …],
///   "skippedActionIds": […], "currentStateIndex": …}`;
/// - the export file: `{"payload": …, "preloadedState": …}`, where `payload` is the lifted state, usually
///   as a JSON string, and `preloadedState` (a string or a value) is the store's state before `@@INIT`.
///
/// `stagedActionIds[0]` is the store's `@@INIT`; the state it computed is the base step (0). Each later
/// staged action is one step, whose action has the Redux `type` as its type, `type(key, …)` (the
/// action's other member names) as its label, and the whole action object as its payload. A skipped
/// action (toggled off in DevTools) stays on the timeline so the numbering matches the DevTools list,
/// but its state is the state before it: that is what the store showed while it was skipped.
///
/// ```swift
/// let source = try ReduxDevToolsImport(text: exportedJSON, name: "todos-export.json")
/// try source.action(at: 1).label      // "ADD_TODO(text)"
/// ```
public final class ReduxDevToolsImport: RecordingSource {
    public let name: String
    public let info: RecordingInfo
    /// The steps that DevTools had skipped.
    public let skippedSteps: Set<Int>
    private let states: [JSONValue]
    private let actions: [JournalAction]
    private let times: [Int64]

    /// Whether a parsed JSON document looks like a Redux DevTools export.
    public static func recognizes(_ document: JSONValue) -> Bool {
        guard case .object(let object) = document else { return false }
        return object["actionsById"] != nil && object["computedStates"] != nil
            || object["payload"] != nil
    }

    /// Reads an export from its JSON text.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - name: The path or name used in messages.
    ///   - app: The app identifier the recording gets (`redux` unless told), which selects a reducer.
    public convenience init(text: String, name: String, app: String = "redux") throws(DebuggerError) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: text)
        } catch {
            throw .unrecognizedFormat(path: name, reason: "the file is not valid JSON (\(error))")
        }
        try self.init(document: document, name: name, app: app)
    }

    /// Reads an export from its parsed JSON document.
    public init(document: JSONValue, name: String, app: String = "redux") throws(DebuggerError) {
        self.name = name
        guard case .object(let top) = document else {
            throw .malformedImport(path: name, reason: "is a JSON \(document.kind), not an object")
        }
        var lifted = top
        var preloaded: JSONValue?
        if top["actionsById"] == nil, let payload = top["payload"] {
            lifted = try Self.object(Self.unwrapString(payload, member: "payload", name: name), member: "payload", name: name)
            if let value = top["preloadedState"] {
                preloaded = try Self.unwrapString(value, member: "preloadedState", name: name)
            }
        }
        guard case .object(let byID)? = lifted["actionsById"] else {
            throw .malformedImport(path: name, reason: "has no \"actionsById\" object")
        }
        guard case .array(let computed)? = lifted["computedStates"] else {
            throw .malformedImport(path: name, reason: "has no \"computedStates\" array")
        }
        let staged: [Int]
        if let value = lifted["stagedActionIds"] {
            staged = try Self.integers(value, member: "stagedActionIds", name: name)
        } else {
            staged = byID.keys.compactMap { Int($0) }.sorted()
        }
        let skipped = try lifted["skippedActionIds"].map { (value) throws(DebuggerError) in
            Set(try Self.integers(value, member: "skippedActionIds", name: name))
        } ?? []
        guard computed.count >= staged.count else {
            throw .malformedImport(path: name, reason: "lists \(staged.count) staged actions but only \(computed.count) computed states")
        }

        var states: [JSONValue] = []
        var actions: [JournalAction] = []
        var times: [Int64] = []
        var skippedSteps: Set<Int> = []
        for (position, id) in staged.enumerated() {
            let state: JSONValue
            switch computed[position] {
            case .object(let entry) where entry["state"] != nil:
                state = entry["state"] ?? .null
            default:
                throw .malformedImport(path: name, reason: "has computedStates[\(position)] without a \"state\" member")
            }
            if position == 0 {
                states.append(state)
                continue
            }
            guard case .object(let entry)? = byID[String(id)], case .object(let action)? = entry["action"] else {
                throw .malformedImport(path: name, reason: "has no action \(id) in \"actionsById\", which stagedActionIds lists at position \(position)")
            }
            guard case .string(let type)? = action["type"], !type.isEmpty else {
                throw .malformedImport(path: name, reason: "has action \(id) without a string \"type\"")
            }
            let keys = action.keys.filter { $0 != "type" }
            let label = keys.isEmpty ? type : "\(type)(\(keys.joined(separator: ", ")))"
            actions.append(JournalAction(type: type, label: label, payload: .object(action)))
            times.append(entry["timestamp"]?.int64Value ?? 0)
            if skipped.contains(id) {
                skippedSteps.insert(position)
                states.append(states[position - 1])
            } else {
                states.append(state)
            }
        }
        if states.isEmpty {
            guard let preloaded else {
                throw .malformedImport(path: name, reason: "has no computed states and no preloadedState")
            }
            states = [preloaded]
        }
        self.states = states
        self.actions = actions
        self.times = times
        self.skippedSteps = skippedSteps
        let initial = states[0]
        info = RecordingInfo(format: .reduxDevTools, header: JournalHeader(
            tool: JournalFormat.tool, app: app, stateType: "redux", actionType: "redux", schema: .null,
            schemaHash: "", created: "", initialState: initial, hash: StateFingerprint.of(initial)))
    }

    public var baseStep: Int { 0 }
    public var lastStep: Int { states.count - 1 }
    public var events: [LocatedEvent] { [] }

    public func state(at step: Int) throws(DebuggerError) -> JSONValue {
        try checkStep(step)
        return states[step]
    }

    public func record(at step: Int) throws(DebuggerError) -> StepRecord {
        try checkStep(step, allowBase: false)
        return StepRecord(action: actions[step - 1], hash: nil, changedPointers: nil, time: times[step - 1])
    }

    public func line(ofStep step: Int) -> Int? { nil }

    public func parent(ofStep step: Int) -> Int { step - 1 }

    private static func unwrapString(_ value: JSONValue, member: String, name: String) throws(DebuggerError) -> JSONValue {
        guard case .string(let text) = value else { return value }
        do {
            return try JSONValue(parsing: text)
        } catch {
            throw .malformedImport(path: name, reason: "has a \"\(member)\" string that is not valid JSON (\(error))")
        }
    }

    private static func object(_ value: JSONValue, member: String, name: String) throws(DebuggerError) -> JSONObject {
        guard case .object(let object) = value else {
            throw .malformedImport(path: name, reason: "has a \"\(member)\" that is a JSON \(value.kind), not the lifted state object")
        }
        return object
    }

    private static func integers(_ value: JSONValue, member: String, name: String) throws(DebuggerError) -> [Int] {
        guard case .array(let elements) = value else {
            throw .malformedImport(path: name, reason: "has a \"\(member)\" that is not an array")
        }
        var result: [Int] = []
        for element in elements {
            guard let number = element.int64Value else {
                throw .malformedImport(path: name, reason: "has a non-integer in \"\(member)\"")
            }
            result.append(Int(number))
        }
        return result
    }
}
