import ExampleApps
import StateJSON
import StateRecorder
import StateStore
import StateSync
import Testing

@Suite struct LoggingChangesTests {
    @Test func logsEachActionWithTheDiffOfTheStateItChanged() {
        let lines = Locked<[String]>([])
        let store = Store(
            initialState: CounterApp.initialState, reducer: CounterApp.reducer,
            middleware: [.loggingChanges(to: { line in lines.withLock { $0.append(line) } })])
        store.dispatch(.increase)
        store.dispatch(.reset)
        store.dispatch(.reset)
        #expect(lines.withLock { $0 } == [
            """
            increase → applied
              {
            -   "counter": 0
            +   "counter": 1
              }
            """,
            """
            reset → applied
              {
            -   "counter": 1
            +   "counter": 0
              }
            """,
            "reset → applied",
        ])
    }

    @Test func aStyleDecoratesTheChangedLines() {
        let lines = Locked<[String]>([])
        let style = JSONDiffStyle(removed: .init(before: "<", after: ">"), added: .init(before: "[", after: "]"))
        let store = Store(
            initialState: CounterApp.initialState, reducer: CounterApp.reducer,
            middleware: [.loggingChanges(style: style, to: { line in lines.withLock { $0.append(line) } })])
        store.dispatch(.decrease)
        #expect(lines.withLock { $0 } == [
            """
            decrease → applied
              {
            <-   "counter": 0>
            [+   "counter": -1]
              }
            """,
        ])
    }
}
