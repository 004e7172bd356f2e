extension BankApp {
    /// Both balances, in whole dollars.
    public struct State: Codable, Equatable, Hashable, Sendable {
        /// Jenny's balance.
        public var jenny: Int
        /// Donald's balance.
        public var donald: Int

        /// Creates a state.
        public init(jenny: Int, donald: Int) {
            self.jenny = jenny
            self.donald = donald
        }

        /// The balance of `account`.
        public subscript(account: Account) -> Int {
            get {
                switch account {
                case .jenny: jenny
                case .donald: donald
                }
            }
            set {
                switch account {
                case .jenny: jenny = newValue
                case .donald: donald = newValue
                }
            }
        }
    }
}
