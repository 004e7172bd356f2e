import StateStore
import Testing

@Suite struct DiagnosticsTests {
    final class Box: @unchecked Sendable {
        var store: Store<CounterState, CounterAction>?
    }

    @Test func dispatchInsideAReducerIsReportedAndIgnored() {
        let messages = Collector<String>()
        let box = Box()
        let reducer = Reducer<CounterState, CounterAction> { state, action in
            state.count += 1
            if action == .increment { box.store?.dispatch(.reset) }
        }
        let store = Store(
            initialState: CounterState(), reducer: reducer,
            diagnostics: StoreDiagnostics(dispatchInsideReducer: { messages.append($0) }, commandFailed: { _ in }))
        box.store = store
        store.dispatch(.increment)
        #expect(store.state.count == 1)
        #expect(messages.elements == [
            "Store<CounterState, CounterAction>.dispatch(reset) was called from inside a reducer or validator; "
                + "reducers must be pure, so dispatch follow-up actions from a middleware, a subscriber or a command instead."
        ])
        box.store = nil
    }

    @Test func dispatchInsideAReducerStopsTheProcessByDefault() async {
        await #expect(processExitsWith: .failure) {
            final class Holder: @unchecked Sendable {
                var store: Store<Int, Int>?
            }
            let holder = Holder()
            let store = Store(initialState: 0, reducer: Reducer<Int, Int> { state, action in
                state += action
                holder.store?.dispatch(1)
            })
            holder.store = store
            store.dispatch(1)
        }
    }
}
