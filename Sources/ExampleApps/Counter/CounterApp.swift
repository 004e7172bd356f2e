import StateRecorder
import StateStore

/// The counter from ReSwift's README: one number, increased, decreased or reset.
///
/// ```swift
/// let store = Store(initialState: CounterApp.initialState, reducer: CounterApp.reducer)
/// store.dispatch(.increase)
/// store.state.counter   // 1
/// ```
public enum CounterApp {
    /// Starts at zero.
    public static let initialState = State(counter: 0)

    /// Applies counter actions.
    public static let reducer = Reducer<State, Action> { state, action in
        switch action {
        case .increase: state.counter += 1
        case .decrease: state.counter -= 1
        case .reset: state.counter = 0
        }
    }

    /// The counter accepts every value, so it has no validators.
    public static var validators: [Validator<State, Action>] { [] }

    /// One value of every action case.
    public static let actionSamples: [Action] = [.increase, .decrease, .reset]

    /// A plausible next action: mostly increases and decreases, now and then a reset.
    package static func randomAction(for state: State, using rng: inout some RandomNumberGenerator) -> Action {
        switch rng.bounded(20) {
        case 0: .reset
        case 1..<11: .increase
        default: .decrease
        }
    }
}
