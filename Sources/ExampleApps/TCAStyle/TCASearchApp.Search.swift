extension TCASearchApp {
    /// The search screen's reducer: type a query, search, open a result; each search is remembered
    /// in the shared ``SearchHistory``.
    public struct Search: Reducer {
        /// How to search.
        public var client: SearchClient

        /// The reducer, searching with `client`.
        public init(client: SearchClient) {
            self.client = client
        }

        /// Applies `action`; a search returns the effect that asks ``client`` and sends its response.
        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .queryChanged(let query):
                state.query = query
                state.errorMessage = nil
                return .none
            case .searchTapped:
                guard !state.query.isEmpty else { return .none }
                state.isSearching = true
                state.history.add(state.query)
                let (client, query) = (client, state.query)
                return .run { send in send(.searchResponse(Result { try client.search(query) })) }
            case .searchResponse(.success(let repositories)):
                state.isSearching = false
                state.results = repositories
                return .none
            case .searchResponse(.failure(let error)):
                state.isSearching = false
                state.results = []
                state.errorMessage = "The search failed: \(error)."
                return .none
            case .repositoryTapped(let id):
                state.opened = state.results.first { $0.id == id }
                return .none
            case .dismissTapped:
                state.opened = nil
                return .none
            case .clearHistoryTapped:
                state.history.clear()
                return .none
            }
        }
    }
}
