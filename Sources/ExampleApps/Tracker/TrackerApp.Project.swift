import Foundation

extension TrackerApp {
    /// Something tracked over time, with its logged items.
    public struct Project: Codable, Equatable, Hashable, Identifiable, Sendable {
        /// Assigned by the reducer from ``State/nextProjectID``.
        public var id: Int
        /// The project's name.
        public var title: String
        /// The unit of every item's amount ("km", "pages").
        public var units: String
        /// How often entries are expected.
        public var frequency: Frequency
        /// When the project was created.
        public var createdAt: Date
        /// When the project or one of its items last changed (except item deletion; see ``TrackerApp``).
        public var updatedAt: Date
        /// The logged items, oldest first.
        public var items: [Item]
        /// The identifier the next added item gets; item identifiers are unique within a project.
        public var nextItemID: Int

        /// Creates a project.
        public init(
            id: Int, title: String, units: String, frequency: Frequency, createdAt: Date, updatedAt: Date,
            items: [Item], nextItemID: Int
        ) {
            self.id = id
            self.title = title
            self.units = units
            self.frequency = frequency
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            self.items = items
            self.nextItemID = nextItemID
        }
    }
}
