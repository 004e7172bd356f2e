extension CounterApp {
    /// The counter's whole state.
    public struct State: Codable, Equatable, Hashable, Sendable {
        /// The current count; it may go below zero.
        public var counter: Int

        /// Creates a state.
        public init(counter: Int) {
            self.counter = counter
        }
    }
}
