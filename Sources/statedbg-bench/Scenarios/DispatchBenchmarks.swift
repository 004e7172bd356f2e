import StateStore

/// Scenario 1: the cost of dispatching through a store (one subscriber, with and without one middleware)
/// against calling the reducer in a plain loop, for a counter and for the 1,000-user state.
///
/// The figure (a store with one subscriber) must be stable from run to run, so it is measured
/// in ``runs`` independent runs, each the median of its repetitions with a store of its own; the row
/// is the median of the runs and its note gives every run and their spread.
struct DispatchBenchmarks {
    let context: BenchmarkContext

    static let runs = 5

    func run() throws -> [Measurement] {
        let actions = context.scale.dispatchActions
        context.progress("dispatch: counter, \(actions) actions per repetition")
        let counter = try measure(name: "counter", initialState: CounterState(), reducer: CounterFixture.reducer,
                                  actions: actions, action: CounterFixture.action,
                                  select: { $0.count }, expected: { CounterState(count: CounterFixture.count(after: $0)) })
        // The figure: a store with one subscriber and nothing else, in independent runs.
        var runs: [(baseline: Samples, subject: Samples)] = []
        for _ in 0..<Self.runs {
            runs.append(try measure(name: "counter", initialState: CounterState(), reducer: CounterFixture.reducer,
                                    actions: actions, action: CounterFixture.action, withMiddleware: false,
                                    select: { $0.count }, expected: { CounterState(count: CounterFixture.count(after: $0)) }))
        }
        let subscriberOnly = (baseline: Samples(runs.map(\.baseline.median)), subject: Samples(runs.map(\.subject.median)))
        let users = context.scale.users
        let usersActions = max(1, actions / 5)
        context.progress("dispatch: \(users) users, \(usersActions) actions per repetition")
        let start = UsersState.generated(count: users)
        let large = try measure(name: "\(users) users, one field per action", initialState: start, reducer: UsersFixture.reducer,
                                actions: usersActions, action: { UsersFixture.action($0, users: users) },
                                select: { $0.users.count }, expected: nil)
        return [
            row(subscriberOnly, name: "counter", store: "1 subscriber", target: .below(100),
                note: Self.spreadNote(runs.map { $0.subject.median * 1e9 })),
            row(counter, name: "counter", target: .below(100)),
            row(large, name: "\(users) users, one field per action", target: nil),
        ]
    }

    private func row(_ samples: (baseline: Samples, subject: Samples), name: String,
                     store: String = "1 subscriber + 1 middleware", target: Target?, note: String? = nil) -> Measurement {
        Measurement(group: "dispatch", name: "\(name): store (\(store))", unit: .nanosecondsPerAction,
                    samples: samples.subject.map { $0 * 1e9 }, baselineName: "plain reducer loop",
                    baseline: samples.baseline.map { $0 * 1e9 }, target: target, note: note)
    }

    /// `5 runs (median of each): 35.9, 36.0, 36.1, 36.4, 41.0 ns; spread 35.9–41.0 ns (14%)`.
    static func spreadNote(_ medians: [Double]) -> String {
        let sorted = medians.sorted()
        guard let low = sorted.first, let high = sorted.last, low > 0 else { return "no runs" }
        let percent = Int(((high - low) / low * 100).rounded())
        return "\(sorted.count) runs (median of each): \(sorted.map(NumberText.figure).joined(separator: ", ")) ns; "
            + "spread \(NumberText.figure(low))–\(NumberText.figure(high)) ns (\(percent)%)"
    }

    /// Seconds per action for the plain loop and for the store, interleaved; checks both end in the same state.
    private func measure<State: Sendable & Equatable, Action: Sendable>(
        name: String, initialState: State, reducer: Reducer<State, Action>, actions: Int,
        action: (Int) -> Action, withMiddleware: Bool = true, select: @escaping @Sendable (State) -> Int, expected: ((Int) -> State)?
    ) throws -> (baseline: Samples, subject: Samples) {
        let script = (1...actions).map(action)
        let passThrough = Middleware<State, Action>(name: "passThrough") { _, action, next in next(action) }
        var baselineTimes: [Double] = []
        var storeTimes: [Double] = []
        // One extra, unrecorded repetition first warms caches and the allocator.
        for repetition in 0...context.scale.repetitions {
            var state = initialState
            let baseline = context.stopwatch.seconds {
                for action in script { reducer.reduce(into: &state, action: action) }
            }
            blackHole(state)
            let store = Store(initialState: initialState, reducer: reducer, middleware: withMiddleware ? [passThrough] : [])
            let subscription = store.subscribe(select) { new, _ in blackHole(new) }
            let subject = context.stopwatch.seconds {
                for action in script { store.dispatch(action) }
            }
            let final = store.state
            withExtendedLifetime(subscription) {}
            guard final == state else {
                throw BenchmarkError.wrongResult(scenario: "dispatch", "\(name): the store's state differs from the plain loop's.")
            }
            if let expected, final != expected(actions) {
                throw BenchmarkError.wrongResult(scenario: "dispatch", "\(name): the final state is not the expected one.")
            }
            if repetition > 0 {
                baselineTimes.append(baseline / Double(actions))
                storeTimes.append(subject / Double(actions))
            }
        }
        return (Samples(baselineTimes), Samples(storeTimes))
    }
}
