import Foundation
import StateJSON
import StateEncoding
import StateJournal
import StateRecorder

/// Writes journals of the test apps: recorded through the real store, or built step by step.
package enum Recordings {
    /// A keyframe every `interval` steps and patches between, whatever the state's size.
    package static func policy(interval: Int = 4) -> KeyframePolicy {
        KeyframePolicy(interval: interval, smallStateBytes: 0, intervalPatchShare: 0)
    }

    /// A valid header for `app`, created at a fixed time; its time origin is 0, so that the steps'
    /// small test times are their lines' `ms`.
    package static func header(for app: some RegisteredApp, initialState: JSONValue) -> JournalHeader {
        var header = JournalHeader(tool: JournalFormat.tool, app: app.id, stateType: app.stateTypeName, actionType: app.actionTypeName,
                                   schema: app.schema.jsonValue, schemaHash: app.schema.fingerprint, created: "2026-11-21T00:00:00.000Z",
                                   initialState: initialState, hash: 0)
        header.origin = 0
        return header
    }

    /// Records `actions` through the real recording store with a fixed clock, returning the path.
    @discardableResult
    package static func record<State, Action>(_ actions: [Action], app: RecordableApp<State, Action>,
                                             to path: String) throws -> String {
        let store = try RecordingStore(app: app, journal: path, clock: RecordingClock.fixed())
        for action in actions { store.dispatch(action) }
        try store.close()
        return path
    }

    /// Replays `actions` through `app` and writes every step, returning the journal's path.
    @discardableResult
    package static func write(
        _ actions: [CounterAction], to path: String, app: RecordableApp<CounterState, CounterAction> = TestApps.counter(),
        policy: KeyframePolicy = policy()
    ) throws -> String {
        let initial = try app.initialStateJSON()
        let builder = JournalBuilder(header: header(for: app, initialState: initial), policy: policy)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        let replayer = try app.makeReplayer(from: initial)
        for (index, action) in actions.enumerated() {
            let recorded = try replayer.normalize(try JSONValueEncoder().encode(action))
            _ = try replayer.apply(recorded)
            builder.appendStep(action: recorded, state: replayer.state, time: Int64(index + 1), into: &bytes)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes hand-made steps: each action with the state the test says it produced.
    package static func writeRaw(
        _ steps: [(JournalAction, JSONValue)], to path: String,
        app: RecordableApp<CounterState, CounterAction> = TestApps.counter(), policy: KeyframePolicy = policy()
    ) throws {
        let builder = JournalBuilder(header: header(for: app, initialState: try app.initialStateJSON()), policy: policy)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for (index, step) in steps.enumerated() {
            builder.appendStep(action: step.0, state: step.1, time: Int64(index + 1), into: &bytes)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// `count` increments.
    package static func increments(_ count: Int) -> [CounterAction] {
        Array(repeating: .increment, count: count)
    }
}
