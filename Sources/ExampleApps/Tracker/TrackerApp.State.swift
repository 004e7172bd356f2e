import Foundation

extension TrackerApp {
    /// Projects, the order they are listed in, and the current screen.
    public struct State: Codable, Equatable, Hashable, Sendable {
        /// Projects in creation order.
        public var projects: [Project]
        /// Project identifiers, most recently updated first (ties: higher identifier first); maintained
        /// by the reducer after every action.
        public var recentProjectIDs: [Int]
        /// The current screen.
        public var route: Route
        /// The identifier the next created project gets.
        public var nextProjectID: Int
        /// The latest timestamp any action carried; generators continue from it.
        public var lastActivity: Date

        /// Creates a state.
        public init(
            projects: [Project], recentProjectIDs: [Int], route: Route, nextProjectID: Int,
            lastActivity: Date
        ) {
            self.projects = projects
            self.recentProjectIDs = recentProjectIDs
            self.route = route
            self.nextProjectID = nextProjectID
                self.lastActivity = lastActivity
        }

        /// The projects in list order, most recently updated first.
        public var recentProjects: [Project] {
            recentProjectIDs.compactMap { id in projects.first { $0.id == id } }
        }
    }
}
