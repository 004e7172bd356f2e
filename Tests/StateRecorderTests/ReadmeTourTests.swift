import Foundation
import StateRecorder
import StateStore
import StateSync
import Testing

// The README's store tour, compiled and run. Keep the two in step: the README shows this code with
// `print` where the test collects lines.

private struct TourState: Codable, Equatable, Sendable {
    var counter = TourCounter()
    var todos: [String] = []
}

private struct TourCounter: Codable, Equatable, Sendable {
    var value = 0
}

private enum TourAction: Sendable {
    case counter(TourCounterAction)
    case addTodo(String)
}

private enum TourCounterAction: Sendable {
    case increase, decrease
}

private let tourCounterReducer = Reducer<TourCounter, TourCounterAction> { state, action in
    switch action {
    case .increase: state.value += 1
    case .decrease: state.value -= 1
    }
}

private let appReducer = Reducer<TourState, TourAction>.combine(
    tourCounterReducer.pullback(state: \.counter, action: { if case .counter(let action) = $0 { action } else { nil } }),
    Reducer { state, action in
        if case .addTodo(let title) = action { state.todos.append(title) }
    }
)

private let noNegative = Validator<TourState, TourAction>(name: "noNegative") { _, new, _ in
    new.counter.value < 0 ? .rejected("the counter cannot go below zero") : .accepted
}

@Suite struct ReadmeTourTests {
    @Test func theTourRunsAsTheReadmeSays() async throws {
        let printed = Locked<[String]>([])
        let print: @Sendable (String) -> Void = { line in printed.withLock { $0.append(line) } }

        let store = Store(initialState: TourState(), reducer: appReducer, validators: [noNegative])
        let subscription = store.subscribe(\.counter.value, options: .initial) { new, old in
            print("counter: \(old.map(String.init) ?? "-") → \(new)")
        }
        store.dispatch(.counter(.increase))
        store.dispatch(.counter(.decrease))
        store.dispatch(.counter(.decrease))      // rejected by noNegative: the state stays, no notification

        let load = Command<TourState, TourAction>(name: "loadTodos") { context in
            for title in ["milk", "bread"] { context.dispatch(.addTodo(title)) }
        }
        await store.run(load).value

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tour-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try store.save(to: file)
        let restored = try Store(contentsOf: file, reducer: appReducer)

        #expect(printed.withLock { $0 } == ["counter: - → 0", "counter: 0 → 1", "counter: 1 → 0"])
        #expect(restored.state == TourState(counter: TourCounter(value: 0), todos: ["milk", "bread"]))
        subscription.cancel()
    }
}
