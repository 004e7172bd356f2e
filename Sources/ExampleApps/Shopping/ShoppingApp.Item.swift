extension ShoppingApp {
    /// A row of the list.
    public struct Item: Codable, Equatable, Hashable, Sendable {
        /// What to buy.
        public var name: String
        /// How many.
        public var quantity: Int
        /// Whether it is in the basket.
        public var isBought: Bool

        /// Creates a row: one of `name`, not bought yet.
        public init(name: String, quantity: Int = 1, isBought: Bool = false) {
            self.name = name
            self.quantity = quantity
            self.isBought = isBought
        }
    }
}
