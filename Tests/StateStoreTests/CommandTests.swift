import StateStore
import Testing

@Suite struct CommandTests {
    struct Offline: Error, CustomStringConvertible {
        var description: String { "the network is offline" }
    }

    @Test func commandReadsStateAndDispatchesLater() async {
        let store = makeCounterStore()
        store.dispatch(.add(4))
        let double = Command<CounterState, CounterAction>(name: "double") { context in
            await Task.yield()
            context.dispatch(.add(context.state.count))
        }
        await store.run(double).value
        #expect(store.state.count == 8)
    }

    @Test func thrownErrorsReachTheDiagnosticsAndTheObservers() async {
        let reported = Collector<String>()
        let observed = Collector<String>()
        let store = makeCounterStore(diagnostics: StoreDiagnostics(
            dispatchInsideReducer: { _ in }, commandFailed: { reported.append($0.description) }))
        store.addObserver(StoreObserver { event in
            if case .commandFailed(let failure) = event { observed.append(failure.command) }
        })
        let failing = Command<CounterState, CounterAction>(name: "sync") { context in
            context.dispatch(.increment)
            throw Offline()
        }
        await store.run(failing).value
        #expect(reported.elements == ["command \"sync\" failed: the network is offline."])
        #expect(observed.elements == ["sync"])
        #expect(store.state.count == 1)
    }
}
