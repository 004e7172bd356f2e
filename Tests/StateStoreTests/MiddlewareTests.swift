import StateStore
import Testing

@Suite struct MiddlewareTests {
    static func tracing(_ name: String, into log: Collector<String>) -> Middleware<CounterState, CounterAction> {
        Middleware(name: name) { context, action, next in
            log.append("\(name) before \(action) count=\(context.state.count)")
            let outcome = next(action)
            log.append("\(name) after \(action) \(outcome) count=\(context.state.count)")
            return outcome
        }
    }

    @Test func middlewareRunsOutermostFirstAroundTheReducer() {
        let log = Collector<String>()
        let store = makeCounterStore(middleware: [Self.tracing("a", into: log), Self.tracing("b", into: log)])
        store.dispatch(.increment)
        #expect(log.elements == [
            "a before increment count=0",
            "b before increment count=0",
            "b after increment applied count=1",
            "a after increment applied count=1",
        ])
    }

    @Test func middlewareCanDropAnAction() {
        let dropDecrements = Middleware<CounterState, CounterAction>(name: "noDecrement") { _, action, next in
            action == .decrement ? .dropped : next(action)
        }
        let log = Collector<String>()
        let store = makeCounterStore(middleware: [Self.tracing("outer", into: log), dropDecrements])
        store.dispatch(.decrement)
        store.dispatch(.increment)
        #expect(store.state.count == 1)
        #expect(log.elements[1] == "outer after decrement dropped count=0")
    }

    @Test func middlewareCanTransformAnAction() {
        let doubler = Middleware<CounterState, CounterAction>(name: "doubler") { _, action, next in
            if case .add(let amount) = action { return next(.add(amount * 2)) }
            return next(action)
        }
        let store = makeCounterStore(middleware: [doubler])
        store.dispatch(.add(3))
        #expect(store.state.count == 6)
    }

    @Test func middlewareCanDelayAnActionByKeepingNext() async {
        let delayed = Collector<MiddlewareNext<CounterState, CounterAction>>()
        // The store holds the middleware, which holds `delayed`, which holds the store: break it at the end.
        defer { delayed.removeAll() }
        let outcomes = Collector<DispatchOutcome>()
        let delayer = Middleware<CounterState, CounterAction>(name: "delayer") { _, action, next in
            guard action == .reset else { return next(action) }
            delayed.append(next)
            return .deferred
        }
        let log = Collector<String>()
        let store = makeCounterStore(middleware: [Self.tracing("outer", into: log), delayer])
        store.dispatch(.add(5))
        store.dispatch(.reset)
        #expect(store.state.count == 5)
        await Task.detached {
            for next in delayed.elements {
                outcomes.append(next(.reset))
            }
        }.value
        #expect(outcomes.elements == [.deferred])
        #expect(store.state.count == 0)
        // The delayed action resumes after the delayer, so the outer middleware saw it only once.
        #expect(log.elements.filter { $0.contains("reset") } == [
            "outer before reset count=5", "outer after reset deferred count=5",
        ])
    }

    @Test func middlewareCanDispatchOtherActionsThatRunAfterTheCurrentOne() {
        let log = Collector<String>()
        let echo = Middleware<CounterState, CounterAction>(name: "echo") { context, action, next in
            if action == .increment { context.dispatch(.add(100)) }
            return next(action)
        }
        let store = makeCounterStore(middleware: [echo, Self.tracing("trace", into: log)])
        store.dispatch(.increment)
        #expect(store.state.count == 101)
        #expect(log.elements == [
            "trace before increment count=0",
            "trace after increment applied count=1",
            "trace before add(100) count=1",
            "trace after add(100) applied count=101",
        ])
    }

    @Test func middlewareSeesValidatorRejections() {
        let log = Collector<String>()
        let nonNegative = Validator<CounterState, CounterAction>(name: "nonNegative") { _, new, _ in
            new.count >= 0 ? .accepted : .rejected("count would be \(new.count)")
        }
        let store = makeCounterStore(middleware: [Self.tracing("trace", into: log)], validators: [nonNegative])
        store.dispatch(.decrement)
        #expect(log.elements == [
            "trace before decrement count=0",
            "trace after decrement rejected by nonNegative: count would be -1 count=0",
        ])
    }

    @Test func loggingMiddlewareWritesEachActionWithItsOutcome() {
        let lines = Collector<String>()
        let nonNegative = Validator<CounterState, CounterAction>(name: "nonNegative") { _, new, _ in
            new.count >= 0 ? .accepted : .rejected("count would be \(new.count)")
        }
        let store = makeCounterStore(
            middleware: [.logging(to: { lines.append($0) })], validators: [nonNegative])
        store.dispatch(.increment)
        store.dispatch(.add(-5))
        #expect(lines.elements.joined(separator: "\n") == """
            increment → applied
            add(-5) → rejected by nonNegative: count would be -4
            """)
    }

    @Test func loggingMiddlewareAppendsTheDescribedChangeOfAppliedActions() {
        let lines = Collector<String>()
        let logging = Middleware<CounterState, CounterAction>.logging(
            to: { lines.append($0) },
            describeChange: { old, new in old == new ? nil : "  count: \(old.count) → \(new.count)" })
        let store = makeCounterStore(middleware: [logging])
        store.dispatch(.add(2))
        store.dispatch(.add(0))
        #expect(lines.elements.joined(separator: "\n") == """
            add(2) → applied
              count: 0 → 2
            add(0) → applied
            """)
    }
}
