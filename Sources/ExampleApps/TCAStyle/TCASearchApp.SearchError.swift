extension TCASearchApp {
    /// Why a search failed.
    public enum SearchError: Error, Equatable, Sendable {
        /// The service refused more requests for now.
        case rateLimited
        /// There was no network.
        case offline
    }
}
