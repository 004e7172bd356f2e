import StateStore
import Testing

@Suite struct ReducerTests {
    enum AppAction: Sendable {
        case counter(CounterAction)
        case rename(String)
        case item(id: Int, CounterAction)
    }

    struct Item: Identifiable, Sendable, Equatable {
        var id: Int
        var count: CounterState
    }

    struct AppState: Sendable, Equatable {
        var counter = CounterState()
        var title = ""
        var items = [Item(id: 1, count: CounterState()), Item(id: 2, count: CounterState())]
    }

    @Test func combineRunsReducersInOrderOnTheSameState() {
        let double = Reducer<Int, Int> { value, _ in value *= 2 }
        let addAction = Reducer<Int, Int> { value, action in value += action }
        var value = 1
        Reducer.combine(double, addAction).reduce(into: &value, action: 3)
        #expect(value == 5)
        Reducer.combine(addAction, double).reduce(into: &value, action: 3)
        #expect(value == 16)
    }

    @Test func combineOfNothingLeavesTheStateAlone() {
        var value = 7
        Reducer<Int, Int>.combine([]).reduce(into: &value, action: 1)
        #expect(value == 7)
    }

    @Test func pullbackRunsTheFeatureReducerOnlyForItsActions() {
        let counter = counterReducer.pullback(state: \AppState.counter) { (action: AppAction) in
            if case .counter(let counterAction) = action { counterAction } else { nil }
        }
        let title = Reducer<AppState, AppAction> { state, action in
            if case .rename(let name) = action { state.title = name }
        }
        let app = Reducer.combine(counter, title)
        var state = AppState()
        app.reduce(into: &state, action: .counter(.add(4)))
        app.reduce(into: &state, action: .rename("four"))
        app.reduce(into: &state, action: .counter(.decrement))
        #expect(state.counter.count == 3)
        #expect(state.title == "four")
    }

    @Test func forEachRunsTheElementReducerOnTheMatchingElementOnly() {
        let items = counterReducer.pullback(state: \Item.count) { (action: CounterAction) in action }
            .forEach(\AppState.items) { (action: AppAction) in
                if case .item(let id, let itemAction) = action { (id, itemAction) } else { nil }
            }
        var state = AppState()
        items.reduce(into: &state, action: .item(id: 2, .add(5)))
        items.reduce(into: &state, action: .item(id: 9, .add(100)))
        items.reduce(into: &state, action: .counter(.add(100)))
        #expect(state.items.map(\.count.count) == [0, 5])
        #expect(state.counter.count == 0)
    }
}
