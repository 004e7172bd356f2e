extension RxTodosApp {
    /// Which to-dos the list shows.
    public enum Filter: String, Codable, CaseIterable, Sendable {
        /// Every to-do.
        case all
        /// Those not done yet.
        case active
        /// Those done.
        case done
    }
}
