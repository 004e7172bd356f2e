extension TCASearchApp {
    /// A search result.
    public struct Repository: Equatable, Identifiable, Sendable {
        /// The result's identifier.
        public var id: Int
        /// `owner/name`.
        public var name: String
        /// How many people starred it.
        public var stars: Int

        /// Creates a result.
        public init(id: Int, name: String, stars: Int) {
            self.id = id
            self.name = name
            self.stars = stars
        }
    }
}
