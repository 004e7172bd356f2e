extension TCASearchApp {
    /// How the feature searches: the dependency a test or preview replaces.
    public struct SearchClient: Sendable {
        /// The repositories matching a query.
        public var search: @Sendable (_ query: String) throws -> [Repository]

        /// A client that searches with `search`.
        public init(search: @escaping @Sendable (_ query: String) throws -> [Repository]) {
            self.search = search
        }

        /// A client that searches ``catalog`` by name, ignoring case, most starred first.
        public static let catalog = SearchClient { query in matches(for: query) }

        /// What the search service knows about, offline.
        public static let repositories: [Repository] = [
            Repository(id: 1, name: "apple/swift", stars: 67_000),
            Repository(id: 2, name: "apple/swift-nio", stars: 8_000),
            Repository(id: 3, name: "apple/swift-log", stars: 3_500),
            Repository(id: 4, name: "apple/swift-argument-parser", stars: 3_300),
            Repository(id: 5, name: "pointfreeco/swift-composable-architecture", stars: 12_000),
            Repository(id: 6, name: "pointfreeco/swift-custom-dump", stars: 800),
            Repository(id: 7, name: "ReSwift/ReSwift", stars: 7_500),
            Repository(id: 8, name: "vapor/vapor", stars: 24_000),
            Repository(id: 9, name: "swiftlang/swift-subprocess", stars: 300),
            Repository(id: 10, name: "Alamofire/Alamofire", stars: 41_000),
        ]

        /// The ``repositories`` whose names contain `query`, ignoring case, most starred first.
        public static func matches(for query: String) -> [Repository] {
            repositories.filter { $0.name.lowercased().contains(query.lowercased()) }.sorted { $0.stars > $1.stars }
        }
    }
}
