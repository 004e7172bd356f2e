import StateJSON
import StateJournal

/// Writes a recording as the lifted state Redux DevTools' Import reads, so that its chart, log and diff
/// monitors can show a statedbg recording (`statedbg export FILE --redux-devtools`).
///
/// The lifted state holds every action (`actionsById`, `@@INIT` first) and the state after each
/// (`computedStates`); opened again in statedbg it gives the same state at every step. A journal's action
/// becomes `{"type": TAG, "label": …, "payload": …}`; an action read from a DevTools export is written
/// back as it was, with its skipped flag and monitor error.
///
/// ```swift
/// let lifted = try ReduxDevToolsExport.liftedState(of: try RecordingLoader.open(path: "counter.jsonl"))
/// // {"actionsById":{"0":{"action":{"type":"@@INIT"},…}},"computedStates":[{"state":{"count":0}},…],…}
/// ```
public enum ReduxDevToolsExport {
    /// The recording's lifted state.
    ///
    /// - Throws: ``DebuggerError/stateNotExported(step:source:)`` for an Export file without states (replay
    ///   it through the app first), or a reading error.
    public static func liftedState(of source: any RecordingSource, isCancelled: () -> Bool = { false }) throws(DebuggerError) -> JSONValue {
        let imported = source as? ReduxDevToolsImport
        let base = source.baseStep
        var actions: [(String, JSONValue)] = []
        var computed: [JSONValue] = []
        var staged: [JSONValue] = []
        var skipped: [JSONValue] = []
        let firstTime = source.lastStep > base ? (try source.record(at: base + 1).time) : 0
        actions.append(("0", ["action": ["type": "@@INIT"], "timestamp": .integer(firstTime), "type": "PERFORM_ACTION"]))
        computed.append(["state": try source.state(at: base)])
        staged.append(0)
        for step in (base + 1)..<(source.lastStep + 1) {
            if step & 1023 == 0, isCancelled() { throw .cancelled("export") }
            let id = step - base
            let record = try source.record(at: step)
            let action: JSONValue
            if imported != nil, case .object(let object) = record.action.payload, object["type"] != nil {
                action = record.action.payload
            } else {
                action = ["type": .string(record.action.type), "label": .string(record.action.label), "payload": record.action.payload]
            }
            actions.append((String(id), ["action": action, "timestamp": .integer(record.time), "type": "PERFORM_ACTION"]))
            var entry: [(String, JSONValue)] = [("state", try source.state(at: step))]
            if let error = imported?.monitorErrors[step] { entry.append(("error", .string(error))) }
            computed.append(.object(JSONObject(entry)))
            staged.append(.integer(Int64(id)))
            if imported?.skippedSteps.contains(step) == true { skipped.append(.integer(Int64(id))) }
        }
        let count = Int64(staged.count)
        return .object(JSONObject([
            ("actionsById", .object(JSONObject(actions))),
            ("committedState", try source.state(at: base)),
            ("computedStates", .array(computed)),
            ("currentStateIndex", .integer(count - 1)),
            ("isLocked", false),
            ("isPaused", false),
            ("monitorState", .object(JSONObject())),
            ("nextActionId", .integer(count)),
            ("skippedActionIds", .array(skipped)),
            ("stagedActionIds", .array(staged)),
        ]))
    }
}
