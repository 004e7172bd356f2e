import StateStore
import Testing

@Suite struct SubscriptionTests {
    struct Change: Sendable, Equatable {
        var new: Int
        var old: Int?
    }

    @Test func closureSelectorReceivesNewAndOldValues() {
        let store = makeCounterStore()
        let changes = Collector<Change>()
        let token = store.subscribe({ $0.count * 10 }) { changes.append(Change(new: $0, old: $1)) }
        store.dispatch(.increment)
        store.dispatch(.add(2))
        #expect(changes.elements == [Change(new: 10, old: 0), Change(new: 30, old: 10)])
        token.cancel()
    }

    @Test func keyPathSelectorReceivesNewAndOldValues() {
        let store = makeCounterStore()
        let changes = Collector<Change>()
        let token = store.subscribe(\.count) { changes.append(Change(new: $0, old: $1)) }
        store.dispatch(.decrement)
        #expect(changes.elements == [Change(new: -1, old: 0)])
        token.cancel()
    }

    @Test func equatableSlicesSkipRepeats() {
        let store = makeCounterStore()
        let labels = Collector<String>()
        let token = store.subscribe(\.label) { new, _ in labels.append(new) }
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(labels.elements.isEmpty)
        token.cancel()
    }

    @Test func alwaysOptionCallsEvenWhenTheSliceIsUnchanged() {
        let store = makeCounterStore()
        let labels = Collector<String>()
        let token = store.subscribe(\.label, options: .always) { new, old in labels.append("\(old ?? "nil")→\(new)") }
        store.dispatch(.increment)
        store.dispatch(.reset)
        #expect(labels.elements == ["counter→counter", "counter→counter"])
        token.cancel()
    }

    @Test func nonEquatableSlicesAreDeliveredAfterEveryAppliedAction() {
        struct Opaque: Sendable { var count: Int }
        let store = makeCounterStore()
        let counts = Collector<Int>()
        let token = store.subscribe({ Opaque(count: $0.count) }) { new, _ in counts.append(new.count) }
        store.dispatch(.reset)
        store.dispatch(.increment)
        #expect(counts.elements == [0, 1])
        token.cancel()
    }

    @Test func initialOptionDeliversTheCurrentValueWithNoOldValueBeforeReturning() {
        let store = makeCounterStore()
        store.dispatch(.add(5))
        let changes = Collector<Change>()
        let token = store.subscribe(\.count, options: .initial) { changes.append(Change(new: $0, old: $1)) }
        #expect(changes.elements == [Change(new: 5, old: nil)])
        store.dispatch(.increment)
        #expect(changes.elements == [Change(new: 5, old: nil), Change(new: 6, old: 5)])
        token.cancel()
    }

    @Test func initialCallFromInsideACallbackIsQueuedBehindTheCurrentAction() {
        let store = makeCounterStore()
        let events = Collector<String>()
        let inner = Collector<Subscription>()
        let outer = store.subscribe(\.count) { new, _ in
            events.append("outer \(new)")
            if new == 1 {
                inner.append(store.subscribe(\.count, options: .initial) { new, old in
                    events.append("inner \(new) old \(old.map(String.init) ?? "nil")")
                })
                events.append("subscribed")
            }
        }
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(events.elements == ["outer 1", "subscribed", "inner 1 old nil", "outer 2", "inner 2 old 1"])
        outer.cancel()
    }

    @Test func cancelStopsNotifications() {
        let store = makeCounterStore()
        let counts = Collector<Int>()
        let token = store.subscribe(\.count) { new, _ in counts.append(new) }
        store.dispatch(.increment)
        token.cancel()
        #expect(token.isCancelled)
        store.dispatch(.increment)
        #expect(counts.elements == [1])
    }

    @Test func releasingTheTokenUnsubscribes() {
        let store = makeCounterStore()
        let counts = Collector<Int>()
        var token: Subscription? = store.subscribe(\.count) { new, _ in counts.append(new) }
        store.dispatch(.increment)
        #expect(token != nil)
        token = nil
        store.dispatch(.increment)
        #expect(counts.elements == [1])
    }

    @Test func tokensKeptInASetStayActiveUntilTheSetIsEmptied() {
        let store = makeCounterStore()
        let counts = Collector<Int>()
        var tokens: Set<Subscription> = []
        store.subscribe(\.count) { new, _ in counts.append(new) }.store(in: &tokens)
        store.dispatch(.increment)
        tokens.removeAll()
        store.dispatch(.increment)
        #expect(counts.elements == [1])
    }

    @Test func subscribersAreCalledInSubscriptionOrder() {
        let store = makeCounterStore()
        let calls = Collector<String>()
        let tokens = (0..<5).map { index in
            store.subscribe(\.count) { _, _ in calls.append("s\(index)") }
        }
        store.dispatch(.increment)
        tokens[2].cancel()
        store.dispatch(.increment)
        #expect(calls.elements == ["s0", "s1", "s2", "s3", "s4", "s0", "s1", "s3", "s4"])
    }

    @Test func dispatchFromASubscriberRunsAfterAllSubscribersSawTheCurrentAction() {
        let store = makeCounterStore()
        let calls = Collector<String>()
        let first = store.subscribe(\.count) { new, _ in
            calls.append("first \(new)")
            if new == 1 { store.dispatch(.add(10)) }
        }
        let second = store.subscribe(\.count) { new, _ in calls.append("second \(new)") }
        store.dispatch(.increment)
        #expect(calls.elements == ["first 1", "second 1", "first 11", "second 11"])
        #expect(store.state.count == 11)
        first.cancel()
        second.cancel()
    }

    @Test func replacingTheStateNotifiesSubscribers() {
        let store = makeCounterStore()
        let changes = Collector<Change>()
        let token = store.subscribe(\.count) { changes.append(Change(new: $0, old: $1)) }
        store.replaceState(CounterState(count: 42))
        #expect(changes.elements == [Change(new: 42, old: 0)])
        token.cancel()
    }

    @Test func aQueuedInitialCallIsSkippedWhenCancelledFirst() {
        let store = makeCounterStore()
        let events = Collector<String>()
        let outer = store.subscribe(\.count) { new, _ in
            events.append("outer \(new)")
            let inner = store.subscribe(\.count, options: .initial) { new, _ in events.append("inner \(new)") }
            inner.cancel()
        }
        store.dispatch(.increment)
        #expect(events.elements == ["outer 1"])
        outer.cancel()
    }
}
