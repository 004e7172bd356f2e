import Foundation
import StateRecorder

/// Scenario: recording an app that has its own store (ReSwift style: the app's action protocol, struct
/// actions, its own middleware) through `Recorder`, against the same app without the recording
/// middleware; and the reflected path (a state that is not `Codable`) against the `Codable` one.
struct OwnStoreBenchmarks {
    let context: BenchmarkContext

    func run() throws -> [Measurement] {
        let users = context.scale.users
        let steps = max(1000, context.scale.usersSteps)
        context.progress("own store: \(users) users, \(steps) dispatches per repetition")
        let start = UsersState.generated(count: users)
        var plain: [Double] = [], codable: [Double] = [], reflected: [Double] = []
        var codableProcessor: [Double] = [], reflectedProcessor: [Double] = []
        for repetition in 0...context.scale.recordingRepetitions {
            let baseline = measure(steps: steps, users: users) {
                OwnStore(state: start, reducer: OwnStoreFixture.reducer)
            }
            let withCodable = try measureRecorded(steps: steps, users: users, state: start,
                                                  reducer: OwnStoreFixture.reducer, name: "codable")
            let observed = ObservedUsersState(users: start.users)
            let withReflection = try measureRecorded(steps: steps, users: users, state: observed,
                                                     reducer: OwnStoreFixture.observedReducer, name: "reflected")
            guard repetition > 0 else { continue }  // the first repetition warms caches and the allocator
            plain.append(baseline.median)
            codable.append(withCodable.dispatch.median)
            reflected.append(withReflection.dispatch.median)
            codableProcessor.append(withCodable.processorPerStep)
            reflectedProcessor.append(withReflection.processorPerStep)
        }
        let note = "\(steps) dispatches; median of each dispatch's time"
        let sites = try callSiteCost()
        return sites + [
            Measurement(group: "own store", name: "\(users) users: dispatch through the recording middleware",
                        unit: .nanosecondsPerAction, samples: Samples(codable), baselineName: "same store without it",
                        baseline: Samples(plain), note: note),
            Measurement(group: "own store", name: "\(users) users: dispatch, state recorded through reflection",
                        unit: .nanosecondsPerAction, samples: Samples(reflected), baselineName: "Codable state",
                        baseline: Samples(codable), target: .ratioAtLeast(1.0 / 3), note: "within 3x of Codable: ratio >= 0.33x"),
            Measurement(group: "own store", name: "\(users) users: processor time per step, reflected state",
                        unit: .microsecondsPerStep, samples: Samples(reflectedProcessor), baselineName: "Codable state",
                        baseline: Samples(codableProcessor), target: .ratioAtLeast(1.0 / 3),
                        note: "all threads, writer included; within 3x: ratio >= 0.33x"),
        ]
    }

    /// The processor time per step of recording the counter with call sites (the default) and without,
    /// alternating, so both see the same machine.
    private func callSiteCost() throws -> [Measurement] {
        let steps = context.scale.counterSteps
        context.progress("own store: counter, call sites on and off, \(steps) steps")
        var on: [Double] = [], off: [Double] = []
        for repetition in 0...context.scale.recordingRepetitions {
            for sites in [true, false] {
                var options = RecorderOptions()
                options.existingJournal = .replace
                options.recordsCallSites = sites
                let path = context.directory.file("sites-\(sites).jsonl")
                let started = ProcessorTime.now()
                let recorder = try RecordingStore(app: CounterFixture.app, journal: path, options: options)
                for step in 1...steps { recorder.dispatch(CounterFixture.action(step)) }
                try recorder.close()
                let perStep = (ProcessorTime.now() - started) / Double(steps) * 1e6
                context.directory.delete(path)
                if repetition > 0 { sites ? on.append(perStep) : off.append(perStep) }
            }
        }
        return [Measurement(group: "own store", name: "counter: processor time per step, RecordingStore with call sites",
                            unit: .microsecondsPerStep, samples: Samples(on), baselineName: "call sites off",
                            baseline: Samples(off), note: "\(steps) steps; all threads")]
    }

    /// Nanoseconds of each dispatch to a store made by `makeStore`.
    private func measure<State>(steps: Int, users: Int, makeStore: () -> OwnStore<State>) -> Samples {
        let store = makeStore()
        var times: [Double] = []
        times.reserveCapacity(steps)
        for index in 0..<steps {
            let action = OwnStoreFixture.action(index, users: users)
            let started = DispatchTime.now().uptimeNanoseconds
            store.dispatch(action)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - started))
        }
        blackHole(store.state)
        return Samples(times)
    }

    /// Dispatch times with the recording middleware, and the processor time per step of the whole
    /// recording (dispatching and writer threads, until the journal is closed).
    private func measureRecorded<State>(steps: Int, users: Int, state: State,
                                        reducer: @escaping (any OwnAction, State?) -> State,
                                        name: String) throws -> (dispatch: Samples, processorPerStep: Double) {
        let path = context.directory.file("own-\(name).jsonl")
        var options = RecorderOptions()
        options.existingJournal = .replace
        let processorStart = ProcessorTime.now()
        let recorder = try Recorder<State, any OwnAction>(
            journal: path, app: "own", initialState: state, actions: ActionRegistry(SetAge.self), options: options)
        let dispatch = measure(steps: steps, users: users) {
            OwnStore(state: state, reducer: reducer, middleware: [OwnStoreFixture.recording(recorder)])
        }
        try recorder.close()
        let processor = (ProcessorTime.now() - processorStart) / Double(steps) * 1e6
        context.directory.delete(path)
        return (dispatch, processor)
    }
}
