extension TCASearchApp.Search {
    /// What can happen on the search screen.
    public enum Action {
        /// The user edited the search field.
        case queryChanged(String)
        /// The user tapped Search.
        case searchTapped
        /// The search client answered.
        case searchResponse(Result<[TCASearchApp.Repository], any Error>)
        /// The user opened a result.
        case repositoryTapped(id: Int)
        /// The user closed the opened result.
        case dismissTapped
        /// The user cleared the history.
        case clearHistoryTapped
    }
}
