import StateRecorder

extension TCASearchApp {
    /// The search screen as statedbg records and generates it: no `Codable` action types to
    /// register, so its recordings are read through reflection and cannot be replayed; the generator
    /// plays the user and the search service (it sends the responses the effects would).
    public static let definition = AppDefinition<Search.State, Search.Action>(
        id: "search-tca",
        summary: "A search screen written TCA's way (effects, a shared history object); recorded by reflection, not replayable.",
        swiftName: "TCASearchApp.definition",
        initialState: Search.State(),
        actions: ActionRegistry(),
        actionSamples: [.queryChanged("swift"), .searchTapped, .searchResponse(.success([])), .repositoryTapped(id: 1),
                        .dismissTapped, .clearHistoryTapped],
        reduce: { state, action in _ = Search(client: .catalog).reduce(into: &state, action: action) },
        randomAction: { state, generator in randomAction(for: state, using: &generator) })

    /// What people type into the search field.
    static let queries = ["swift", "apple", "nio", "log", "composable", "vapor", "ReSwift", "dump", "kotlin", "parser"]

    /// A plausible next action: while a search is under way, the service's answer (one in ten a
    /// failure); otherwise typing, searching, opening and closing results, now and then clearing the history.
    package static func randomAction(for state: Search.State, using rng: inout some RandomNumberGenerator) -> Search.Action {
        if state.isSearching {
            guard rng.chance(percent: 90) else {
                return .searchResponse(.failure(rng.chance(percent: 50) ? SearchError.rateLimited : SearchError.offline))
            }
            return .searchResponse(.success(SearchClient.matches(for: state.query)))
        }
        if state.opened != nil, rng.chance(percent: 60) { return .dismissTapped }
        switch rng.bounded(10) {
        case 0..<4:
            return .queryChanged(rng.element(of: queries) ?? "swift")
        case 4..<7 where !state.query.isEmpty:
            return .searchTapped
        case 7..<9:
            guard let result = rng.element(of: state.results) else { return .queryChanged(rng.element(of: queries) ?? "swift") }
            return .repositoryTapped(id: result.id)
        case 9 where !state.history.queries.isEmpty:
            return .clearHistoryTapped
        default:
            return .queryChanged(rng.element(of: queries) ?? "swift")
        }
    }
}
