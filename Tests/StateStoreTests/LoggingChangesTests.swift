import StateStore
import StateSync
import Testing

@Suite struct LoggingChangesTests {
    @Test func logsEachActionWithTheDiffOfTheStateItChanged() {
        let lines = Locked<[String]>([])
        let store = makeCounterStore(middleware: [.loggingChanges(to: { line in lines.withLock { $0.append(line) } })])
        store.dispatch(.add(5))
        store.dispatch(.reset)
        store.dispatch(.reset)
        #expect(lines.withLock { $0 } == [
            """
            add(5) → applied
              {
            -   "count": 0,
            +   "count": 5,
                "label": "counter"
              }
            """,
            """
            reset → applied
              {
            -   "count": 5,
            +   "count": 0,
                "label": "counter"
              }
            """,
            "reset → applied",
        ])
    }
}
