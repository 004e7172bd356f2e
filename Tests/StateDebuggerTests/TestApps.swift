import Foundation
import StateDebugger
import StateJSON
import StateJournal
import StateRecorder
import StateStore

/// The counter app the tests record and replay.
enum CounterAction: Codable, Sendable, Equatable {
    case increment
    case decrement
    case add(Int)
    case note(String)
}

struct CounterState: Codable, Sendable, Equatable {
    var count = 0
    var notes: [String] = []
}

enum TestApps {
    static let samples: [CounterAction] = [.increment, .decrement, .add(1), .note("x")]

    /// The counter; `addMultiplier` other than 1 makes a deliberately different reducer.
    static func counter(id: String = "counter", addMultiplier: Int = 1, samples: [CounterAction] = samples,
                        validators: [Validator<CounterState, CounterAction>] = []) -> RecordableApp<CounterState, CounterAction> {
        RecordableApp(
            id: id,
            initialState: CounterState(),
            reducer: Reducer { state, action in
                switch action {
                case .increment: state.count += 1
                case .decrement: state.count -= 1
                case .add(let amount): state.count += amount * addMultiplier
                case .note(let text): state.notes.append(text)
                }
            },
            validators: validators,
            actionSamples: samples,
            randomAction: { _, generator in
                switch generator.bounded(4) {
                case 0: .increment
                case 1: .decrement
                case 2: .add(generator.bounded(in: 1...5))
                default: .note("n\(generator.bounded(100))")
                }
            }
        )
    }

    /// A counter that refuses negative counts.
    static func nonNegativeCounter() -> RecordableApp<CounterState, CounterAction> {
        counter(validators: [Validator(name: "nonNegative") { _, new, _ in
            new.count >= 0 ? .accepted : .rejected("the count would be \(new.count)")
        }])
    }
}

/// Writes journals of the counter app for tests.
enum Recordings {
    /// A keyframe every `interval` steps and patches between, whatever the state's size.
    static func policy(interval: Int = 4) -> KeyframePolicy {
        KeyframePolicy(interval: interval, smallStateBytes: 0)
    }

    static func header(for app: some RegisteredApp, initialState: JSONValue) -> JournalHeader {
        JournalHeader(tool: JournalFormat.tool, app: app.id, stateType: app.stateTypeName, actionType: app.actionTypeName,
                      schema: app.schema.jsonValue, schemaHash: app.schema.fingerprint, created: "2026-11-21T00:00:00.000Z",
                      initialState: initialState, hash: 0)
    }

    /// Replays `actions` through `app` and writes every step, returning the journal's path.
    @discardableResult
    static func write(_ actions: [CounterAction], to path: String, app: RecordableApp<CounterState, CounterAction> = TestApps.counter(),
                      policy: KeyframePolicy = policy()) throws -> String {
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
    static func writeRaw(_ steps: [(JournalAction, JSONValue)], to path: String, app: RecordableApp<CounterState, CounterAction> = TestApps.counter()) throws {
        let builder = JournalBuilder(header: header(for: app, initialState: try app.initialStateJSON()), policy: policy())
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for (index, step) in steps.enumerated() {
            builder.appendStep(action: step.0, state: step.1, time: Int64(index + 1), into: &bytes)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// `count` increments.
    static func increments(_ count: Int) -> [CounterAction] {
        Array(repeating: .increment, count: count)
    }
}

/// A source that counts how many states are read through it.
final class CountingSource: RecordingSource {
    let inner: any RecordingSource
    private(set) var statesRead = 0

    init(_ inner: any RecordingSource) {
        self.inner = inner
    }

    var name: String { inner.name }
    var info: RecordingInfo { inner.info }
    var baseStep: Int { inner.baseStep }
    var lastStep: Int { inner.lastStep }
    var events: [LocatedEvent] { inner.events }

    func state(at step: Int) throws(DebuggerError) -> JSONValue {
        statesRead += 1
        return try inner.state(at: step)
    }

    func record(at step: Int) throws(DebuggerError) -> StepRecord { try inner.record(at: step) }
    func line(ofStep step: Int) -> Int? { inner.line(ofStep: step) }
    func parent(ofStep step: Int) -> Int { inner.parent(ofStep: step) }
}
