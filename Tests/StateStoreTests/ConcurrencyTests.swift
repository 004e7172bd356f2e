import Dispatch
import StateStore
import StateSync
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

    /// A dispatcher that finds the store busy queues its action just as the draining thread lets go;
    /// whichever of them looks again must drain it, or the action waits for a dispatch that may never come.
    @Test(arguments: [false, true])
    func handingTheQueueOverBetweenThreadsLosesNoAction(withMiddleware: Bool) {
        let threads = 4
        let perThread = 20_000
        let passThrough = Middleware<Int, Int>(name: "passThrough") { _, action, next in next(action) }
        let store = Store(initialState: 0, reducer: Reducer<Int, Int> { count, action in count += action },
                          middleware: withMiddleware ? [passThrough] : [])
        let delivered = AtomicCell<Int>(0)
        let token = store.subscribe({ $0 }, options: .always) { _, _ in
            delivered.add(1, ordering: .relaxed)
        }
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<perThread { store.dispatch(1) }
        }
        // A dispatch returns once its action is applied, or queued for the draining thread, whose own
        // dispatch returns only when the queue is empty: with every dispatch back, all are applied.
        #expect(store.state == threads * perThread)
        #expect(delivered.load(ordering: .relaxed) == threads * perThread)
        token.cancel()
    }
}
