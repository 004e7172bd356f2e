extension CounterApp {
    /// What can happen to the counter.
    public enum Action: Codable, Equatable, Hashable, Sendable {
        /// Adds one.
        case increase
        /// Subtracts one.
        case decrease
        /// Goes back to zero.
        case reset
    }
}
