extension TrackerApp {
    /// How often a project expects an entry.
    public enum Frequency: String, Codable, CaseIterable, Hashable, Sendable {
        case daily
        case monthly
        case yearly
    }
}
