import StateStore
import Testing

@Suite struct ObserverTests {
    static func describe(_ event: StoreEvent<CounterState, CounterAction>) -> String {
        switch event {
        case .processed(let action, let state, let outcome): "processed \(action) \(outcome) count=\(state.count)"
        case .dropped(let action): "dropped \(action)"
        case .commandFailed(let failure): "failed \(failure.command)"
        case .travelled(let state): "travelled count=\(state.count)"
        }
    }

    @Test func observersSeeTheReducedActionDropsAndTravelInOrder() {
        let transform = Middleware<CounterState, CounterAction>(name: "transform") { _, action, next in
            switch action {
            case .decrement: .dropped
            case .add(let amount): next(.add(amount + 1))
            default: next(action)
            }
        }
        let store = makeCounterStore(middleware: [transform])
        let events = Collector<String>()
        store.addObserver(StoreObserver { events.append(Self.describe($0)) })
        store.dispatch(.add(1))
        store.dispatch(.decrement)
        store.replaceState(CounterState(count: 40))
        store.dispatch(.increment)
        #expect(events.elements == [
            "processed add(2) applied count=2",
            "dropped decrement",
            "travelled count=40",
            "processed increment applied count=41",
        ])
    }

    @Test func anAppliedObserverTakesAppliedActionsAndLeavesEverythingElseToItsOtherCallback() {
        let store = makeCounterStore(validators: [ValidatorTests.atMostTen])
        let events = Collector<String>()
        store.addObserver(StoreObserver(
            applied: { action, state in events.append("applied \(action) count=\(state.count)") },
            otherwise: { events.append(Self.describe($0)) }))
        store.dispatch(.add(4))
        store.dispatch(.add(20))
        store.replaceState(CounterState(count: 9))
        store.dispatch(.increment)
        #expect(events.elements == [
            "applied add(4) count=4",
            "processed add(20) rejected by atMostTen: count would be 24 count=4",
            "travelled count=9",
            "applied increment count=10",
        ])
    }

    @Test func observersRunBeforeSubscribers() {
        let store = makeCounterStore()
        let calls = Collector<String>()
        let token = store.subscribe(\.count) { _, _ in calls.append("subscriber") }
        store.addObserver(StoreObserver { _ in calls.append("observer") })
        store.dispatch(.increment)
        #expect(calls.elements == ["observer", "subscriber"])
        token.cancel()
    }
}
