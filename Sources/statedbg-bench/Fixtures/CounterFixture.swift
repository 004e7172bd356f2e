import StateRecorder
import StateStore

/// The counter app as the benchmark records it.
enum CounterFixture {
    static let reducer = Reducer<CounterState, CounterAction> { state, action in
        switch action {
        case .increment: state.count += 1
        case .decrement: state.count -= 1
        case .add(let amount): state.count += amount
        }
    }

    static var app: RecordableApp<CounterState, CounterAction> {
        RecordableApp(id: "counter", summary: "A counter", initialState: CounterState(), reducer: reducer,
                      actionSamples: [.increment, .decrement, .add(1)])
    }

    /// The action of step `step` (1-based): mostly increments, with a decrement and an addition now and then,
    /// so that the count at step n is known without replaying: see ``count(after:)``.
    static func action(_ step: Int) -> CounterAction {
        switch step % 10 {
        case 3: .decrement
        case 7: .add(5)
        default: .increment
        }
    }

    /// The count after steps 1 through `step`, in constant time: the actions repeat every ten steps.
    static func count(after step: Int) -> Int {
        var state = CounterState(count: (step / 10) * gainPerCycle)
        for number in stride(from: step - step % 10 + 1, through: step, by: 1) {
            reducer.reduce(into: &state, action: action(number))
        }
        return state.count
    }

    private static var gainPerCycle: Int {
        var state = CounterState()
        for number in 1...10 { reducer.reduce(into: &state, action: action(number)) }
        return state.count
    }
}
