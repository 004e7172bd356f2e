extension ShoppingApp {
    /// What the list's screen dispatches.
    public enum Action: Codable, Equatable, Hashable, Sendable {
        /// Appends a row; the selection does not change.
        case add(name: String)
        /// Selects a row (an index outside the list selects none).
        case select(index: Int)
        /// Ticks or unticks the selected row.
        case toggleSelected
        /// Adds one to the selected row's quantity.
        case increaseSelected
        /// Deletes the selected row; the selection stays at its index (the bug: past the end, after the last row).
        case deleteSelected
    }
}
