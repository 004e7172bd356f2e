import Foundation

extension TrackerApp {
    /// Edits to projects and items, and navigation. Every edit carries its timestamp.
    public enum Action: Codable, Equatable, Hashable, Sendable {
        /// Creates a project with the next identifier and shows it.
        case createProject(title: String, units: String, frequency: Frequency, at: Date)
        /// Changes a project's details.
        case updateProject(id: Int, title: String, units: String, frequency: Frequency, at: Date)
        /// Removes a project and its items.
        case deleteProject(id: Int, at: Date)
        /// Logs an item with the next identifier.
        case addItem(projectID: Int, amount: Double, notes: String, at: Date)
        /// Changes an item's amount and notes.
        case updateItem(projectID: Int, itemID: Int, amount: Double, notes: String, at: Date)
        /// Removes an item.
        case deleteItem(projectID: Int, itemID: Int, at: Date)
        /// Shows another screen.
        case navigate(Route)

        /// The project an edit applies to, if it edits one that exists already.
        var editedProjectID: Int? {
            switch self {
            case .updateProject(let id, _, _, _, _): id
            case .addItem(let id, _, _, _), .updateItem(let id, _, _, _, _), .deleteItem(let id, _, _): id
            case .createProject, .deleteProject, .navigate: nil
            }
        }

        /// The timestamp the action carries, if any.
        var timestamp: Date? {
            switch self {
            case .createProject(_, _, _, let at), .updateProject(_, _, _, _, let at), .deleteProject(_, let at),
                .addItem(_, _, _, let at), .updateItem(_, _, _, _, let at), .deleteItem(_, _, let at):
                at
            case .navigate:
                nil
            }
        }
    }
}
