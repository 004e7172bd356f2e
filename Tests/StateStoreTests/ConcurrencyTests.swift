import StateStore
import Synchronization
import Testing

@Suite struct ConcurrencyTests {
    struct Tagged: Sendable, Equatable {
        var task: Int
        var sequence: Int
    }

    @Test func concurrentDispatchesAreAllAppliedInOneTotalOrder() async {
        let tasks = 8
        let perTask = 500
        let store = Store(
            initialState: [Tagged](),
            reducer: Reducer<[Tagged], Tagged> { log, action in log.append(action) })
        let observed = Collector<Tagged>()
        let counts = Collector<Int>()
        store.addObserver(StoreObserver { event in
            if case .processed(let action, let state, _) = event {
                observed.append(action)
                counts.append(state.count)
            }
        })
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for sequence in 0..<perTask {
                        store.dispatch(Tagged(task: task, sequence: sequence))
                    }
                }
            }
        }
        let final = store.state
        #expect(final.count == tasks * perTask)
        #expect(observed.elements == final)
        #expect(counts.elements == Array(1...(tasks * perTask)))
        for task in 0..<tasks {
            #expect(final.filter { $0.task == task }.map(\.sequence) == Array(0..<perTask))
        }
    }

    @Test func subscribersDispatchingWhileOtherTasksDispatchDoNotDeadlock() async {
        let store = makeCounterStore()
        let processed = Collector<Int>()
        store.addObserver(StoreObserver { event in
            if case .processed(_, let state, _) = event { processed.append(state.count) }
        })
        // add(0) leaves the count unchanged, so the deduplicating subscriber is not called again for it.
        let token = store.subscribe(\.count) { new, _ in
            if new % 10 == 0 { store.dispatch(.add(0)) }
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<250 { store.dispatch(.increment) }
                }
            }
        }
        #expect(store.state.count == 1000)
        #expect(processed.elements.count == 1100)
        token.cancel()
    }
}
