import Foundation
import StateRecorder

/// Scenario: what a flight recorder (``RecorderOptions/flight``) costs an app against the normal
/// recorder, and what the normal recorder costs against no recorder, measured in interleaved pairs on
/// the app's thread (``PairedDispatches``); the action-in-flight call alone; and a flight recorder's
/// resident memory over a million steps, in a process of its own (``MemoryProbe``).
struct FlightBenchmarks {
    let context: BenchmarkContext

    /// The window of the flight recorders measured.
    static let window = 1000

    func run() throws -> [Measurement] {
        let users = context.scale.users
        let pairs = context.scale.overheadDispatches
        let start = UsersState.generated(count: users)
        context.progress("flight: \(users) users, \(pairs) interleaved pairs per comparison")
        // The pause outlasts the writer's step of a 1,000-user state.
        let pause: UInt32 = 400

        let plain = OwnStore(state: start, reducer: OwnStoreFixture.reducer)
        let normal = try recorder(start, flight: false)
        let normalStore = OwnStore(state: start, reducer: OwnStoreFixture.reducer, middleware: [OwnStoreFixture.recording(normal)])
        let recording = PairedDispatches.measure(
            pairs: pairs, pause: pause,
            first: { plain.dispatch(OwnStoreFixture.action($0, users: users)) },
            second: { normalStore.dispatch(OwnStoreFixture.action($0, users: users)) })

        // The recorder keeps each replaced state and frees it on its writer thread, which a plain store
        // does on the app's thread: beside a store that keeps them too, the recorder's own work shows.
        let keeping = OwnStore(state: start, reducer: OwnStoreFixture.reducer, middleware: [Self.keepingReplacedStates()])
        let recordingBesideKeeping = PairedDispatches.measure(
            pairs: pairs, pause: pause,
            first: { keeping.dispatch(OwnStoreFixture.action($0, users: users)) },
            second: { normalStore.dispatch(OwnStoreFixture.action($0, users: users)) })

        let flight = try recorder(start, flight: true)
        let flightStore = OwnStore(state: start, reducer: OwnStoreFixture.reducer, middleware: [Self.flightRecording(flight)])
        let flying = PairedDispatches.measure(
            pairs: pairs, pause: pause,
            first: { normalStore.dispatch(OwnStoreFixture.action($0, users: users)) },
            second: { flightStore.dispatch(OwnStoreFixture.action($0, users: users)) })
        try normal.close()
        try flight.close()
        blackHole(plain.state)
        let counter = try counterPairs(pairs: pairs * 2)
        let usersStore = try usersStorePairs(users: users, pairs: pairs, pause: pause)

        let size = "\(NumberText.figure(Double(users))) users"
        let method = "interleaved pairs on the app's thread, \(pause) µs after each dispatch so the writer is idle when the next comes"
        return [
            Measurement(group: "flight", name: "\(size): time the recording middleware adds per dispatch",
                        unit: .microsecondsPerOperation, samples: Samples(recording.differences.map { $0 / 1000 }),
                        note: "each sample: a dispatch with the recorder minus one without, " + method + "; "
                            + recording.spreadNote(scale: 1000, unit: "µs")
                            + "; below zero when the recorder's freeing of the replaced state on its writer thread saves more than it costs"),
            Measurement(group: "flight", name: "\(size): time the recording middleware adds per dispatch, beside a store that keeps replaced states",
                        unit: .microsecondsPerOperation, samples: Samples(recordingBesideKeeping.differences.map { $0 / 1000 }),
                        note: "the store without the recorder keeps its last 256 replaced states and lets them go together, "
                            + "as the recorder's ring does, so neither median dispatch frees a state; " + method + "; "
                            + recordingBesideKeeping.spreadNote(scale: 1000, unit: "µs")),
            Measurement(group: "flight", name: "\(size): dispatch on the app's thread, flight recorder (actionInFlight + record)",
                        unit: .nanosecondsPerAction, samples: Samples(flying.secondByPairs),
                        baselineName: "normal recorder", baseline: Samples(flying.first),
                        target: .ratioAtLeast(1 / 1.1),
                        note: "within 1.1x of the normal recorder: ratio >= 0.91x, the value being the normal recorder's median plus the median pair difference; " + method + "; "
                            + flying.spreadNote(scale: 1, unit: "ns")),
            Measurement(group: "flight", name: "\(size): dispatch on the app's thread, RecordingStore with a flight recorder",
                        unit: .nanosecondsPerAction, samples: Samples(usersStore.secondByPairs),
                        baselineName: "normal recorder", baseline: Samples(usersStore.first),
                        target: .ratioAtLeast(1 / 1.1),
                        note: "within 1.1x of the normal recorder: ratio >= 0.91x, the value being the normal recorder's median plus the median pair difference; enum actions of one Hashable type; the store calls "
                            + "actionInFlight just before its reducer; "
                            + method + "; " + usersStore.spreadNote(scale: 1, unit: "ns")),
            Measurement(group: "flight", name: "counter: dispatch on the app's thread, RecordingStore with a flight recorder",
                        unit: .nanosecondsPerAction, samples: Samples(counter.secondByPairs),
                        baselineName: "normal recorder", baseline: Samples(counter.first),
                        target: .ratioAtLeast(1 / 1.1),
                        note: "within 1.1x of the normal recorder: ratio >= 0.91x, the value being the normal recorder's median plus the median pair difference; the store calls actionInFlight just before its reducer, "
                            + "without a middleware chain; "
                            + "interleaved pairs on the app's thread, 50 µs after each dispatch; " + counter.spreadNote(scale: 1, unit: "ns")),
            try actionInFlightCall(),
            try actionInFlightCall(users: users, start: start),
        ] + (try memory())
    }

    /// The users app's dispatches (enum actions) through a `RecordingStore` with the normal recorder and
    /// with a flight recorder, in interleaved pairs.
    private func usersStorePairs(users: Int, pairs: Int, pause: UInt32) throws -> PairedDispatches {
        var options = RecorderOptions()
        options.existingJournal = .replace
        options.background = .ignore
        let app = UsersFixture.app(users: users)
        let normal = try RecordingStore(app: app, journal: context.directory.file("normal-users-store.jsonl"), options: options)
        options.flight = .lastSteps(Self.window, redaction: Redaction(),
                                    journal: URL(fileURLWithPath: context.directory.file("flight-users-store.jsonl")))
        let flight = try RecordingStore(app: app, journal: "unused.jsonl", options: options)
        let measured = PairedDispatches.measure(
            pairs: pairs, pause: pause,
            first: { normal.dispatch(UsersFixture.action($0 + 1, users: users)) },
            second: { flight.dispatch(UsersFixture.action($0 + 1, users: users)) })
        try normal.close()
        try flight.close()
        return measured
    }

    /// The counter's dispatches through a `RecordingStore` with the normal recorder and with a flight
    /// recorder, in interleaved pairs.
    private func counterPairs(pairs: Int) throws -> PairedDispatches {
        var options = RecorderOptions()
        options.existingJournal = .replace
        options.background = .ignore
        let normal = try RecordingStore(app: CounterFixture.app, journal: context.directory.file("normal-counter.jsonl"), options: options)
        options.flight = .lastSteps(Self.window, redaction: Redaction(),
                                    journal: URL(fileURLWithPath: context.directory.file("flight-counter.jsonl")))
        let flight = try RecordingStore(app: CounterFixture.app, journal: "unused.jsonl", options: options)
        let measured = PairedDispatches.measure(
            pairs: pairs, pause: 50,
            first: { normal.dispatch(CounterFixture.action($0 + 1)) }, second: { flight.dispatch(CounterFixture.action($0 + 1)) })
        try normal.close()
        try flight.close()
        return measured
    }

    /// A middleware that keeps the states its store replaced, 256 at a time, and lets them go together:
    /// one dispatch in 256 frees them, so the median dispatch frees none, as with a recorder.
    static func keepingReplacedStates<State>() -> OwnStore<State>.Middleware {
        var kept: [State] = []
        kept.reserveCapacity(256)
        return { getState in { next in { action in
            let replaced = getState()
            next(action)
            if kept.count == 256 { kept.removeAll(keepingCapacity: true) }
            kept.append(replaced)
        } } }
    }

    /// The middleware a flight recorder's app writes: say the action is in flight, let it through,
    /// record it with the new state.
    static func flightRecording<State>(_ recorder: Recorder<State, any OwnAction>) -> OwnStore<State>.Middleware {
        { getState in { next in { action in
            recorder.actionInFlight(action)
            next(action)
            recorder.record(action, state: getState(), site: nil)
        } } }
    }

    private func recorder(_ start: UsersState, flight: Bool) throws -> Recorder<UsersState, any OwnAction> {
        var options = RecorderOptions()
        options.existingJournal = .replace
        options.background = .ignore
        if flight {
            options.flight = .lastSteps(Self.window, redaction: Redaction(),
                                        journal: URL(fileURLWithPath: context.directory.file("flight-users.jsonl")))
        }
        return try Recorder<UsersState, any OwnAction>(
            journal: context.directory.file(flight ? "unused.jsonl" : "normal-users.jsonl"), app: "own", initialState: start,
            actions: ActionRegistry(SetAge.self), options: options)
    }

    /// The counter's `actionInFlight(_:)`, timed in batches of 1,000 calls.
    private func actionInFlightCall() throws -> Measurement {
        var options = RecorderOptions()
        options.background = .ignore
        options.flight = .lastSteps(Self.window, redaction: Redaction(),
                                    journal: URL(fileURLWithPath: context.directory.file("flight-counter.jsonl")))
        let recorder = try Recorder<CounterState, CounterAction>(
            journal: "unused.jsonl", app: "counter", initialState: CounterState(), options: options)
        let batch = 1000
        var perCall: [Double] = []
        for round in 0..<(context.scale.repetitions * 20 + 10) {
            let started = DispatchTime.now().uptimeNanoseconds
            for index in 0..<batch { recorder.actionInFlight(CounterFixture.action(index)) }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / Double(batch)
            if round >= 10 { perCall.append(elapsed) }
        }
        try recorder.close()
        return Measurement(group: "flight", name: "counter: actionInFlight(_:) call",
                           unit: .nanosecondsPerAction, samples: Samples(perCall), target: .below(200),
                           note: "batches of \(batch) calls; the action copied into the recorder's slot and numbered, encoded only when "
                               + "a crash journal or a dump needs it")
    }

    /// The users app's `actionInFlight(_:)`: struct actions behind `any OwnAction`, each one new.
    private func actionInFlightCall(users: Int, start: UsersState) throws -> Measurement {
        let recorder = try recorder(start, flight: true)
        let batch = 100
        var perCall: [Double] = []
        for round in 0..<(context.scale.repetitions * 20 + 10) {
            let started = DispatchTime.now().uptimeNanoseconds
            for index in 0..<batch { recorder.actionInFlight(OwnStoreFixture.action(round * batch + index, users: users)) }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / Double(batch)
            if round >= 10 { perCall.append(elapsed) }
        }
        try recorder.close()
        return Measurement(group: "flight", name: "\(NumberText.figure(Double(users))) users: actionInFlight(_:) call, any OwnAction",
                           unit: .nanosecondsPerAction, samples: Samples(perCall),
                           note: "batches of \(batch) calls, each action new: copied (a struct behind the protocol) and numbered; "
                               + "encoding it through the registry and labelling it by reflection waits for a crash or a dump")
    }

    /// Resident memory of a process recording the counter with a flight recorder of 1,000 steps, after
    /// the window filled and after a million steps.
    private func memory() throws -> [Measurement] {
        let steps = 1_000_000
        context.progress("flight: resident memory over \(steps) steps, in a process of its own")
        let probe = MemoryProbe(executable: context.executable, users: context.scale.users)
        var atWindow: [Double] = [], atEnd: [Double] = []
        for _ in 0..<3 {
            let figures = try probe.measure(.flight(window: Self.window, steps: steps,
                                                    path: context.directory.file("flight-memory.jsonl")))
            guard let window = figures["atWindow"], let end = figures["atEnd"] else {
                throw BenchmarkError.wrongResult(scenario: "flight", "the memory probe reported no resident memory.")
            }
            atWindow.append(window / 1_048_576)
            atEnd.append(end / 1_048_576)
        }
        return [Measurement(group: "flight", name: "counter: resident memory after \(NumberText.figure(Double(steps))) steps, flight recorder of \(NumberText.figure(Double(Self.window)))",
                            unit: .megabytes, samples: Samples(atEnd), baselineName: "after \(NumberText.figure(Double(Self.window))) steps",
                            baseline: Samples(atWindow), target: .ratioAtLeast(1 / 1.2),
                            note: "resident memory of a process of its own; within 1.2x: ratio >= 0.83x")]
    }
}
