import Foundation
import StateJSON
import StateJournal
import StateRecorder
import StateStore

enum CounterAction: Codable, Sendable, Equatable {
    case increment
    case add(Int)
    case note(String)
}

struct CounterState: Codable, Sendable, Equatable {
    var count = 0
    var notes: [String] = []
}

/// The counter's types after someone renamed `count`: recordings of ``CounterState`` no longer fit.
/// (Nested, so that the schema sees the same type name as before.)
enum Renamed {
    struct CounterState: Codable, Sendable, Equatable {
        var total = 0
        var notes: [String] = []
    }
}

/// The counter's actions with one more case: a risky but replayable change.
enum Extended {
    enum CounterAction: Codable, Sendable, Equatable {
        case increment
        case add(Int)
        case note(String)
        case reset
    }
}

enum CounterApp {
    static let samples: [CounterAction] = [.increment, .add(1), .note("x")]

    /// The counter as recorded.
    static let app = counter()

    /// The counter with a bug: `add` adds twice the amount.
    static let broken = counter(addMultiplier: 2)

    /// The counter with a validator that refuses counts above 3.
    static let capped = counter(validators: [Validator(name: "atMostThree") { _, new, _ in
        new.count <= 3 ? .accepted : .rejected("the count would be \(new.count)")
    }])

    static func counter(id: String = "counter", addMultiplier: Int = 1,
                        validators: [Validator<CounterState, CounterAction>] = []) -> RecordableApp<CounterState, CounterAction> {
        RecordableApp(
            id: id,
            initialState: CounterState(),
            reducer: Reducer { state, action in
                switch action {
                case .increment: state.count += 1
                case .add(let amount): state.count += amount * addMultiplier
                case .note(let text): state.notes.append(text)
                }
            },
            validators: validators,
            actionSamples: samples
        )
    }

    static let renamed = RecordableApp<Renamed.CounterState, CounterAction>(
        id: "counter",
        initialState: Renamed.CounterState(),
        reducer: Reducer { state, action in
            switch action {
            case .increment: state.total += 1
            case .add(let amount): state.total += amount
            case .note(let text): state.notes.append(text)
            }
        },
        actionSamples: samples
    )

    static let extended = RecordableApp<CounterState, Extended.CounterAction>(
        id: "counter",
        initialState: CounterState(),
        reducer: Reducer { state, action in
            switch action {
            case .increment: state.count += 1
            case .add(let amount): state.count += amount
            case .note(let text): state.notes.append(text)
            case .reset: state.count = 0
            }
        },
        actionSamples: [.increment, .add(1), .note("x"), .reset]
    )
}

enum Recordings {
    /// Records `actions` through the real recording store with a fixed clock, returning the path.
    @discardableResult
    static func record<State, Action>(_ actions: [Action], app: RecordableApp<State, Action>,
                                      to path: String) throws -> String {
        let store = try RecordingStore(app: app, journal: path, clock: RecordingClock.fixed())
        for action in actions { store.dispatch(action) }
        try store.close()
        return path
    }

    /// Writes a journal by hand: a valid header for `app`, then each action with the state it claims.
    static func writeRaw(_ steps: [(JournalAction, JSONValue)], app: RecordableApp<CounterState, CounterAction> = CounterApp.app,
                         to path: String) throws {
        let header = JournalHeader(tool: JournalFormat.tool, app: app.id, stateType: app.stateTypeName,
                                   actionType: app.actionTypeName, schema: app.schema.jsonValue,
                                   schemaHash: app.schema.fingerprint, created: "2026-11-21T00:00:00.000Z",
                                   initialState: try app.initialStateJSON(), hash: 0)
        let builder = JournalBuilder(header: header)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for (index, step) in steps.enumerated() {
            _ = builder.appendStep(action: step.0, state: step.1, time: Int64(index + 1), into: &bytes)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
