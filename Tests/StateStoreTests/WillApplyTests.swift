@testable import StateStore
import Testing

/// The package-level hook a store calls just before its reducer (StateRecorder's flight recorder
/// notes the action in flight with it).
@Suite struct WillApplyTests {
    static func store(middleware: [Middleware<CounterState, CounterAction>], log: Collector<String>) -> Store<CounterState, CounterAction> {
        Store(initialState: CounterState(), reducer: counterReducer, middleware: middleware, validators: [],
              diagnostics: StoreDiagnostics(dispatchInsideReducer: { _ in }, commandFailed: { _ in }),
              willApply: { action in log.append("will apply \(action)") })
    }

    @Test func theHookHearsEachActionAfterEveryMiddlewareAndBeforeTheReducer() {
        let log = Collector<String>()
        let store = Self.store(middleware: [MiddlewareTests.tracing("a", into: log)], log: log)
        store.dispatch(.increment)
        #expect(log.elements == [
            "a before increment count=0",
            "will apply increment",
            "a after increment applied count=1",
        ])
    }

    @Test func aStoreWithoutMiddlewareCallsTheHookToo() {
        let log = Collector<String>()
        let store = Self.store(middleware: [], log: log)
        store.dispatch(.add(2))
        store.dispatch(.increment)
        #expect(log.elements == ["will apply add(2)", "will apply increment"])
        #expect(store.state.count == 3)
    }

    @Test func anActionAMiddlewareDropsNeverReachesTheHook() {
        let dropDecrements = Middleware<CounterState, CounterAction>(name: "noDecrement") { _, action, next in
            action == .decrement ? .dropped : next(action)
        }
        let log = Collector<String>()
        let store = Self.store(middleware: [dropDecrements], log: log)
        store.dispatch(.decrement)
        store.dispatch(.increment)
        #expect(log.elements == ["will apply increment"])
    }
}
