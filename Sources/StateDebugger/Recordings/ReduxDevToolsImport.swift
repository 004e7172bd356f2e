import StateJSON
import StateJournal
import StateRecorder

/// A Redux DevTools export as a ``RecordingSource``, held in memory.
///
/// Three forms are read, told apart by their members:
///
/// - the lifted state: `{"actionsById": {"0": {"action": {"type": "@@INIT"}, "timestamp": …,
///   "type": "PERFORM_ACTION"}, …}, "computedStates": [{"state": …}, …], "stagedActionIds": [0, 1, …],
///   "skippedActionIds": […], "currentStateIndex": …}`;
/// - the extension's Export file: `{"payload": "[…actions…]", "preloadedState": "{…}"}`, both JSON
///   strings (`preloadedState` optional): the actions and the state before them, but no later state.
///   Step 0 is the preloaded state; the states after it were not exported, and reading one says so
///   (``DebuggerError/stateNotExported(step:source:)``); a replay through a registered app computes them;
/// - `{"payload": …}` where `payload` is the lifted state, as a JSON string or an object.
///
/// A monitor error (`computedStates[i].error`) and a skipped action (`skippedActionIds`) are shown in
/// the step's label (`INCREMENT [error: …]`, `INCREMENT [skipped]`) and kept in ``monitorErrors`` and
/// ``skippedSteps``.
///
/// `stagedActionIds[0]` is the store's `@@INIT`; the state it computed is the base step (0). Each later
/// staged action is one step, whose action has the Redux `type` as its type, `type(key, …)` (the
/// action's other member names) as its label, and the whole action object as its payload. A skipped
/// action (toggled off in DevTools) stays on the timeline so the numbering matches the DevTools list,
/// but its state is the state before it: that is what the store showed while it was skipped.
/// `currentStateIndex` is not used: the timeline holds every staged action, and the debugger's cursor
/// starts at the base step like any recording's.
///
/// ```swift
/// let source = try ReduxDevToolsImport(text: exportedJSON, name: "todos-export.json")
/// try source.action(at: 1).label      // "ADD_TODO(text)"
/// ```
package final class ReduxDevToolsImport: RecordingSource {
    package let name: String
    package let info: RecordingInfo
    /// The steps that DevTools had skipped.
    package let skippedSteps: Set<Int>
    /// The errors the monitor recorded (`computedStates[i].error`), by step.
    package let monitorErrors: [Int: String]
    /// Whether the file holds the state after every step (the lifted state), rather than only the
    /// state before the first (the extension's Export file).
    package let hasStates: Bool
    private let states: [JSONValue?]
    private let actions: [JournalAction]
    private let times: [Int64]

    /// Whether a parsed JSON document looks like a Redux DevTools export.
    package static func recognizes(_ document: JSONValue) -> Bool {
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
    package convenience init(text: String, name: String, app: String = "redux") throws(DebuggerError) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: text)
        } catch {
            throw .unrecognizedFormat(path: name, reason: "the file is not valid JSON (\(error))")
        }
        try self.init(document: document, name: name, app: app)
    }

    /// Reads an export from its parsed JSON document.
    package convenience init(document: JSONValue, name: String, app: String = "redux") throws(DebuggerError) {
        guard case .object(let top) = document else {
            throw .malformedImport(path: name, reason: "is a JSON \(document.kind), not an object")
        }
        var lifted = top
        var preloaded: JSONValue?
        if top["actionsById"] == nil, let payload = top["payload"] {
            if let value = top["preloadedState"] {
                preloaded = try Self.unwrapString(value, member: "preloadedState", name: name)
            }
            let unwrapped = try Self.unwrapString(payload, member: "payload", name: name)
            if case .array(let list) = unwrapped {
                let actions = try Self.exportedActions(list, name: name)
                self.init(name: name, app: app, states: [preloaded] + Array(repeating: nil, count: actions.count), actions: actions,
                          times: Array(repeating: 0, count: actions.count), skippedSteps: [], monitorErrors: [:], hasStates: false)
                return
            }
            lifted = try Self.object(unwrapped, member: "payload", name: name)
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
        var errors: [Int: String] = [:]
        for (position, id) in staged.enumerated() {
            let state: JSONValue
            switch computed[position] {
            case .object(let entry) where entry["state"] != nil || entry["error"] != nil:
                state = entry["state"] ?? (position > 0 ? states[position - 1] : .null)
                if let error = entry["error"] {
                    errors[position] = error.stringValue ?? error.canonicalText
                }
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
            actions.append(JournalAction(type: type, label: Self.label(of: action, type: type, skipped: skipped.contains(id), error: errors[position]),
                                         payload: .object(action)))
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
        self.init(name: name, app: app, states: states.map { $0 }, actions: actions, times: times, skippedSteps: skippedSteps,
                  monitorErrors: errors, hasStates: true)
    }

    private init(name: String, app: String, states: [JSONValue?], actions: [JournalAction], times: [Int64],
                 skippedSteps: Set<Int>, monitorErrors: [Int: String], hasStates: Bool) {
        self.name = name
        self.states = states
        self.actions = actions
        self.times = times
        self.skippedSteps = skippedSteps
        self.monitorErrors = monitorErrors
        self.hasStates = hasStates
        let initial = states.first.flatMap { $0 } ?? .null
        info = RecordingInfo(format: .reduxDevTools, header: JournalHeader(
            tool: JournalFormat.tool, app: app, stateType: "redux", actionType: "redux", schema: .null,
            schemaHash: "", created: "", initialState: initial, hash: StateFingerprint.of(initial, scheme: JournalFormat.fingerprintScheme)))
    }

    /// This Export file with the state after every step, computed by running its actions through `app`'s
    /// reducer from the preloaded state (or from the app's initial state when none was exported).
    ///
    /// A lifted state, which holds its states, is returned as it is. An action the app's validators
    /// reject leaves the state as it was, as in the store.
    ///
    /// ```swift
    /// let export = try ReduxDevToolsImport(text: exportFile, name: "export.json")
    /// try export.state(at: 2)                                    // throws stateNotExported
    /// try export.computingStates(with: counterApp).state(at: 2)  // {"count": 7}
    /// ```
    ///
    /// - Throws: ``DebuggerError/replayFailed(_:step:line:source:)`` or
    ///   ``DebuggerError/unknownActionType(_:step:line:source:known:)`` naming the step whose action the
    ///   app cannot apply.
    package func computingStates(with app: any RegisteredApp) throws(DebuggerError) -> ReduxDevToolsImport {
        guard !hasStates else { return self }
        let start: JSONValue
        let replayer: any Replayer
        do {
            if let preloaded = states[0] { start = preloaded } else { start = try app.initialStateJSON() }
            replayer = try app.makeReplayer(from: start)
        } catch {
            throw .replayFailed(error, step: 0, line: nil, source: name)
        }
        var computed: [JSONValue?] = [start]
        computed.reserveCapacity(states.count)
        for (index, action) in actions.enumerated() {
            do {
                _ = try apply(action, to: replayer)
            } catch {
                throw DebuggerError(replaying: error, step: index + 1, in: self)
            }
            computed.append(replayer.state)
        }
        return ReduxDevToolsImport(name: name, app: info.header.app, states: computed, actions: actions, times: times,
                                   skippedSteps: skippedSteps, monitorErrors: monitorErrors, hasStates: true)
    }

    /// The actions of the extension's Export file (those after `@@INIT`).
    private static func exportedActions(_ list: [JSONValue], name: String) throws(DebuggerError) -> [JournalAction] {
        var actions: [JournalAction] = []
        for (index, value) in list.enumerated() {
            guard case .object(let action) = value, case .string(let type)? = action["type"], !type.isEmpty else {
                throw .malformedImport(path: name, reason: "has payload[\(index)], which is not an action object with a string \"type\"")
            }
            actions.append(JournalAction(type: type, label: Self.label(of: action, type: type, skipped: false, error: nil), payload: value))
        }
        return actions
    }

    /// `TYPE(key, …)`, the action's other member names, with what the monitor said about the step.
    private static func label(of action: JSONObject, type: String, skipped: Bool, error: String?) -> String {
        let keys = action.keys.filter { $0 != "type" }
        var label = keys.isEmpty ? type : "\(type)(\(keys.joined(separator: ", ")))"
        if skipped { label += " [skipped]" }
        if let error { label += " [error: \(error)]" }
        return label
    }

    package var baseStep: Int { 0 }
    package var lastStep: Int { states.count - 1 }
    package var events: [LocatedEvent] { [] }

    package func state(at step: Int) throws(DebuggerError) -> JSONValue {
        try checkStep(step)
        guard let state = states[step] else { throw .stateNotExported(step: step, source: name) }
        return state
    }

    package func hasState(at step: Int) -> Bool {
        step >= 0 && step < states.count && states[step] != nil
    }

    package func record(at step: Int) throws(DebuggerError) -> StepRecord {
        try checkStep(step, allowBase: false)
        return StepRecord(action: actions[step - 1], hash: nil, changedPointers: nil, time: times[step - 1])
    }

    package func line(ofStep step: Int) -> Int? { nil }

    package func parent(ofStep step: Int) -> Int { step - 1 }

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
