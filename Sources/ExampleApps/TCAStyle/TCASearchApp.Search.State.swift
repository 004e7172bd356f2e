extension TCASearchApp.Search {
    /// What the search screen shows.
    public struct State {
        /// The text in the search field.
        public var query = ""
        /// The last search's results.
        public var results: [TCASearchApp.Repository] = []
        /// Whether a search is under way.
        public var isSearching = false
        /// Why the last search failed, if it did.
        public var errorMessage: String?
        /// The result shown in detail.
        public var opened: TCASearchApp.Repository?
        /// The recent queries, shared with the history screen.
        public let history: TCASearchApp.SearchHistory

        /// An empty search screen with a history of its own, or the one given.
        public init(history: TCASearchApp.SearchHistory = TCASearchApp.SearchHistory()) {
            self.history = history
        }
    }
}
