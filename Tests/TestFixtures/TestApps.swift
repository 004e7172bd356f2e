import StateJSON
import StateRecorder
import StateStore

/// The counter the debugger and regression-testing tests record and replay.
public enum CounterAction: Codable, Sendable, Equatable {
    case increment
    case decrement
    case add(Int)
    case note(String)
}

/// The counter's state: a count and the notes written so far.
public struct CounterState: Codable, Sendable, Equatable {
    public var count: Int
    public var notes: [String]

    /// A state with the given count and notes (zero and none by default).
    public init(count: Int = 0, notes: [String] = []) {
        self.count = count
        self.notes = notes
    }
}

/// The counter's state after someone renamed `count`: recordings of ``CounterState`` no longer fit.
/// (Nested, so that the schema sees the same type name as before.)
public enum Renamed {
    /// ``CounterState`` with `count` renamed to `total`.
    public struct CounterState: Codable, Sendable, Equatable {
        public var total: Int
        public var notes: [String]

        /// A state with the given total and notes.
        public init(total: Int = 0, notes: [String] = []) {
            self.total = total
            self.notes = notes
        }
    }
}

/// The counter's actions with one more case: a risky but replayable change.
public enum Extended {
    /// ``CounterAction`` plus `reset`.
    public enum CounterAction: Codable, Sendable, Equatable {
        case increment
        case decrement
        case add(Int)
        case note(String)
        case reset
    }
}

/// The counter as apps the recorder and the debugger know, with deliberately changed versions.
public enum TestApps {
    /// One action of each kind.
    public static let samples: [CounterAction] = [.increment, .decrement, .add(1), .note("x")]

    /// The counter as recorded.
    public static let app = counter()

    /// The counter with a bug: `add` adds twice the amount.
    public static let broken = counter(addMultiplier: 2)

    /// The counter with a validator that refuses counts above 3.
    public static let capped = counter(validators: [Validator(name: "atMostThree") { _, new, _ in
        new.count <= 3 ? .accepted : .rejected("the count would be \(new.count)")
    }])

    /// The counter; `addMultiplier` other than 1 makes a deliberately different reducer.
    public static func counter(
        id: String = "counter", addMultiplier: Int = 1, samples: [CounterAction] = samples,
        validators: [Validator<CounterState, CounterAction>] = []
    ) -> RecordableApp<CounterState, CounterAction> {
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
    public static func nonNegativeCounter() -> RecordableApp<CounterState, CounterAction> {
        counter(validators: [Validator(name: "nonNegative") { _, new, _ in
            new.count >= 0 ? .accepted : .rejected("the count would be \(new.count)")
        }])
    }

    /// The counter whose state renamed `count` to `total`.
    public static let renamed = RecordableApp<Renamed.CounterState, CounterAction>(
        id: "counter",
        initialState: Renamed.CounterState(),
        reducer: Reducer { state, action in
            switch action {
            case .increment: state.total += 1
            case .decrement: state.total -= 1
            case .add(let amount): state.total += amount
            case .note(let text): state.notes.append(text)
            }
        },
        actionSamples: samples
    )

    /// The counter with one more action, `reset`.
    public static let extended = RecordableApp<CounterState, Extended.CounterAction>(
        id: "counter",
        initialState: CounterState(),
        reducer: Reducer { state, action in
            switch action {
            case .increment: state.count += 1
            case .decrement: state.count -= 1
            case .add(let amount): state.count += amount
            case .note(let text): state.notes.append(text)
            case .reset: state.count = 0
            }
        },
        actionSamples: [.increment, .decrement, .add(1), .note("x"), .reset]
    )
}
