extension TrackerApp {
    /// The screen the app shows, kept in the state like ReSwift-Router does.
    public enum Route: Codable, Equatable, Hashable, Sendable {
        /// The project list.
        case projects
        /// One project's detail screen.
        case project(id: Int)
        /// One item's editor.
        case item(projectID: Int, itemID: Int)
        /// The settings screen.
        case settings
    }
}
