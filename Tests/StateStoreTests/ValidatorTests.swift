import StateStore
import Testing

@Suite struct ValidatorTests {
    static let atMostTen = Validator<CounterState, CounterAction>(name: "atMostTen") { _, new, _ in
        new.count <= 10 ? .accepted : .rejected("count would be \(new.count)")
    }
    static let noReset = Validator<CounterState, CounterAction>(name: "noReset") { old, _, action in
        action == .reset && old.count > 0 ? .rejected("reset is locked") : .accepted
    }

    @Test func rejectionKeepsTheOldStateAndSkipsSubscribers() {
        let store = makeCounterStore(validators: [Self.atMostTen])
        let counts = Collector<Int>()
        let token = store.subscribe(\.count, options: .always) { new, _ in counts.append(new) }
        store.dispatch(.add(8))
        store.dispatch(.add(8))
        store.dispatch(.add(2))
        #expect(store.state.count == 10)
        #expect(counts.elements == [8, 10])
        token.cancel()
    }

    @Test func theFirstRejectingValidatorIsReportedToObservers() {
        let store = makeCounterStore(validators: [Self.noReset, Self.atMostTen])
        let events = Collector<String>()
        store.addObserver(StoreObserver { event in
            if case .processed(let action, let state, let outcome) = event {
                events.append("\(action) \(outcome) count=\(state.count)")
            }
        })
        store.dispatch(.add(3))
        store.dispatch(.reset)
        store.dispatch(.add(30))
        #expect(events.elements == [
            "add(3) applied count=3",
            "reset rejected by noReset: reset is locked count=3",
            "add(30) rejected by atMostTen: count would be 33 count=3",
        ])
    }

    @Test func validatorResultNamesTheValidator() {
        let rejection = Self.atMostTen.validate(old: CounterState(), new: CounterState(count: 11), action: .add(11))
        #expect(rejection == Rejection(validator: "atMostTen", reason: "count would be 11"))
        #expect(Self.atMostTen.validate(old: CounterState(), new: CounterState(), action: .reset) == nil)
    }
}
