extension TCASearchApp {
    /// The last few queries searched, newest first. An object, because the history screen shows the
    /// same list the search screen adds to.
    public final class SearchHistory {
        /// The queries, newest first, at most ``capacity``.
        public private(set) var queries: [String] = []
        /// How many queries are kept.
        public let capacity = 5

        /// An empty history.
        public init() {}

        /// Puts `query` first, once.
        public func add(_ query: String) {
            queries.removeAll { $0 == query }
            queries.insert(query, at: 0)
            if queries.count > capacity { queries.removeLast() }
        }

        /// Forgets every query.
        public func clear() {
            queries.removeAll()
        }
    }
}
