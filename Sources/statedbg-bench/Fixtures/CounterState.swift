/// The smallest useful app state: one number. Its journal lines are all keyframes (it is far below
/// `KeyframePolicy.smallStateBytes`), so it measures the fixed cost per step.
struct CounterState: Codable, Equatable, Sendable {
    var count = 0
}
