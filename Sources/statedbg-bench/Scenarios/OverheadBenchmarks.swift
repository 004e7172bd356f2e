import Foundation
import StateRecorder
import StateStore

/// Scenario: what recording costs an app, on stores built the way apps build them, with a list of
/// todos of realistic size (each title on the heap) that every dispatch changes by one field.
///
/// Each store runs without recording and with it, back to back in one round, in an order that
/// alternates from round to round, so both halves of a pair see the same machine; the first round only
/// warms caches and the allocator. Each half is two runs: paced dispatches, each after a pause long
/// enough for the writer to finish the step before (as an app's dispatches come), timed one by one on
/// the app's thread; and a burst, one dispatch after another, for the mean wall time (waits for the
/// writer included) and the processor time of every thread per dispatch, the writer's until the
/// journal is closed.
struct OverheadBenchmarks {
    let context: BenchmarkContext

    /// The stores measured.
    enum StoreKind: CaseIterable {
        /// A class store with middleware and a `(Action, State?) -> State` reducer that returns a
        /// changed copy; the recorder is a middleware.
        case reSwift
        /// A class store that reduces a copy in place, asks validators, and tells observers; the
        /// recorder is an observer.
        case swiftyState
        /// statedbg's own `RecordingStore`, against the plain `Store` (StateStore) it wraps.
        case recordingStore

        var name: String {
            switch self {
            case .reSwift: "ReSwift-style store"
            case .swiftyState: "SwiftyState-style store"
            case .recordingStore: "RecordingStore"
            }
        }
    }

    /// One run of a store's dispatches.
    struct Run {
        /// The median of each dispatch's wall time on the app's thread, in nanoseconds.
        var dispatch: Double
        /// The mean of each dispatch's wall time on the app's thread, in nanoseconds: with the waits
        /// for a writer that fell behind, which the median leaves out.
        var mean: Double
        /// Processor time of every thread per dispatch, in microseconds.
        var processor: Double
    }

    /// How dispatches follow each other.
    enum Pace {
        /// Each dispatch after a pause long enough for the writer to finish the step before, as an
        /// app's dispatches come (a tap, a network reply): what one dispatch costs the app's thread.
        case paced(microseconds: UInt32)
        /// One after another, as fast as the store goes: what a burst costs, waits for the writer included.
        case burst
    }

    func run() throws -> [Measurement] {
        var rows: [Measurement] = []
        for todos in [1000, 10_000] {
            let start = TodoState.generated(count: todos)
            for kind in StoreKind.allCases {
                context.progress("overhead: \(kind.name), \(todos) todos, \(context.scale.overheadRounds) paired rounds")
                rows += try measure(kind, start: start)
            }
        }
        return rows
    }

    /// The rows of one store at one size.
    private func measure(_ kind: StoreKind, start: TodoState) throws -> [Measurement] {
        let todos = start.todos.count
        // The pause outlasts the writer's step (freeing a state of 10,000 todos takes about 100 µs).
        let pause: UInt32 = todos > 1000 ? 1500 : 300
        let paced = todos > 1000 ? max(50, context.scale.overheadDispatches / 10) : max(100, context.scale.overheadDispatches / 5)
        let burst = todos > 1000 ? max(100, context.scale.overheadDispatches / 5) : context.scale.overheadDispatches
        var plain: [Run] = [], recorded: [Run] = [], plainBurst: [Run] = [], recordedBurst: [Run] = []
        for round in 0...context.scale.overheadRounds {
            // Both halves of a pair back to back, in an order that alternates from round to round.
            for recording in round % 2 == 0 ? [false, true] : [true, false] {
                let run = try self.run(kind, start: start, dispatches: paced, pace: .paced(microseconds: pause), recording: recording)
                let fast = try self.run(kind, start: start, dispatches: burst, pace: .burst, recording: recording)
                guard round > 0 else { continue }  // the first round warms caches and the allocator
                if recording {
                    recorded.append(run)
                    recordedBurst.append(fast)
                } else {
                    plain.append(run)
                    plainBurst.append(fast)
                }
            }
        }
        let differences = zip(recorded, plain).map { ($0.dispatch - $1.dispatch) / 1000 }
        let raw = Samples(differences)
        let size = "\(kind.name), \(NumberText.figure(Double(todos))) todos"
        let targeted = kind == .reSwift
        let processorTarget: Target? = targeted && todos == 1000 ? .ratioAtLeast(1.0 / 3) : nil
        let pacedNote = "\(differences.count) rounds of \(paced) dispatches, \(pause) µs apart so the writer is idle when each comes"
        return [
            Measurement(group: "overhead", name: "\(size): added per dispatch on the app's thread",
                        unit: .microsecondsPerOperation, samples: Samples(differences.map { max(0, $0) }),
                        target: targeted ? .below(2) : nil,
                        note: "per round, the median dispatch with recording minus the median without, the two run back to back; "
                            + pacedNote + "; each round's difference floored at 0 "
                            + "(unfloored: median \(NumberText.figure(raw.median)), "
                            + "\(NumberText.figure(raw.minimum)) to \(NumberText.figure(raw.maximum)) µs)"),
            Measurement(group: "overhead", name: "\(size): dispatch on the app's thread, recording",
                        unit: .nanosecondsPerAction, samples: Samples(recorded.map(\.dispatch)),
                        baselineName: "same store, not recording", baseline: Samples(plain.map(\.dispatch)),
                        note: "median of each dispatch's wall time; " + pacedNote),
            Measurement(group: "overhead", name: "\(size): processor time per dispatch, all threads, recording",
                        unit: .microsecondsPerStep, samples: Samples(recordedBurst.map(\.processor)),
                        baselineName: "same store, not recording", baseline: Samples(plainBurst.map(\.processor)),
                        target: processorTarget,
                        note: "every thread of the process, the writer's until the journal is closed, over a burst of \(burst) dispatches"
                            + (processorTarget == nil ? "" : "; within 3x of the plain dispatch: ratio >= 0.33x")),
            Measurement(group: "overhead", name: "\(size): burst of \(burst) dispatches, mean per dispatch, recording",
                        unit: .nanosecondsPerAction, samples: Samples(recordedBurst.map(\.mean)),
                        baselineName: "same store, not recording", baseline: Samples(plainBurst.map(\.mean)),
                        note: "dispatches one after another: the mean counts the waits for a writer that fell behind"),
        ]
    }

    /// Runs `dispatches` toggles through a new store of `kind` starting at `start`, recording or not.
    private func run(_ kind: StoreKind, start: TodoState, dispatches: Int, pace: Pace, recording: Bool) throws -> Run {
        let todos = start.todos.count
        var times: [Double] = []
        times.reserveCapacity(dispatches)
        let path = context.directory.file("overhead.jsonl")
        var options = RecorderOptions()
        options.existingJournal = .replace
        let processorStart: Double
        let closing: () throws -> Void
        let finalState: [Todo]

        func time(_ dispatch: (Int) -> Void) {
            for index in 0..<dispatches {
                let id = TodoFixture.id(index, todos: todos)
                let started = DispatchTime.now().uptimeNanoseconds
                dispatch(id)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - started))
                if case .paced(let pause) = pace { usleep(pause) }
            }
        }

        switch kind {
        case .reSwift:
            var middleware: [OwnStore<TodoState>.Middleware] = []
            var recorder: Recorder<TodoState, any OwnAction>?
            if recording {
                let made = try Recorder<TodoState, any OwnAction>(
                    journal: path, app: "todos", initialState: start, actions: ActionRegistry(ToggleTodo.self), options: options)
                middleware.append(OwnStoreFixture.recording(made))
                recorder = made
            }
            let store = OwnStore(state: start, reducer: TodoFixture.reducer, middleware: middleware)
            processorStart = ProcessorTime.now()
            time { store.dispatch(ToggleTodo(id: $0)) }
            closing = { try recorder?.close() }
            finalState = store.state.todos
        case .swiftyState:
            let store = SwiftyTodoStore(state: start)
            var recorder: Recorder<TodoState, ToggleTodo>?
            if recording {
                let made = try Recorder<TodoState, ToggleTodo>(
                    journal: path, app: "todos", initialState: start, actions: ActionRegistry(ToggleTodo.self), options: options)
                store.observe { change in
                    switch change {
                    case .applied(let action, let state): made.record(action, state: state, site: nil)
                    case .rejected(let action, let reason): made.recordRejected(action, validator: "bounds", reason: reason)
                    }
                }
                recorder = made
            }
            processorStart = ProcessorTime.now()
            time { store.dispatch(ToggleTodo(id: $0)) }
            closing = { try recorder?.close() }
            finalState = store.state.todos
        case .recordingStore:
            let app = TodoFixture.app(todos: todos)
            let initial = SendableTodoState(todos: start.todos)
            if recording {
                let store = try RecordingStore(app: app, journal: path, options: options, initialState: initial)
                processorStart = ProcessorTime.now()
                time { store.dispatch(.toggle(id: $0)) }
                closing = { try store.close() }
                finalState = store.state.todos
            } else {
                let store = app.makeStore(initialState: initial)
                processorStart = ProcessorTime.now()
                time { store.dispatch(.toggle(id: $0)) }
                closing = {}
                finalState = store.state.todos
            }
        }
        try closing()
        let processor = (ProcessorTime.now() - processorStart) / Double(dispatches) * 1e6
        if recording { context.directory.delete(path) }
        try check(finalState, start: start, dispatches: dispatches, kind: kind)
        return Run(dispatch: Samples(times).median, mean: times.reduce(0, +) / Double(times.count), processor: processor)
    }

    /// Fails the run unless every dispatch toggled its todo.
    private func check(_ todos: [Todo], start: TodoState, dispatches: Int, kind: StoreKind) throws {
        var expected = start.todos
        for index in 0..<dispatches { expected[TodoFixture.id(index, todos: expected.count)].done.toggle() }
        guard todos == expected else {
            throw BenchmarkError.wrongResult(scenario: "overhead", "\(kind.name) did not end with every dispatch's todo toggled.")
        }
    }
}
