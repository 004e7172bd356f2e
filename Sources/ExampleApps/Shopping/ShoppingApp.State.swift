extension ShoppingApp {
    /// The list and which row is selected.
    public struct State: Codable, Equatable, Hashable, Sendable {
        /// The rows, in the order they were added.
        public var items: [Item]
        /// The index of the selected row; `nil` when none is.
        public var selected: Int?

        /// Creates a state.
        public init(items: [Item], selected: Int?) {
            self.items = items
            self.selected = selected
        }
    }
}
