import Foundation

extension TrackerApp {
    /// One logged amount in a project.
    public struct Item: Codable, Equatable, Hashable, Identifiable, Sendable {
        /// Assigned by the reducer from ``Project/nextItemID``.
        public var id: Int
        /// How much, in the project's units.
        public var amount: Double
        /// When it happened (from the action, never the wall clock).
        public var timestamp: Date
        /// Free text.
        public var notes: String

        /// Creates an item.
        public init(id: Int, amount: Double, timestamp: Date, notes: String) {
            self.id = id
            self.amount = amount
            self.timestamp = timestamp
            self.notes = notes
        }
    }
}
