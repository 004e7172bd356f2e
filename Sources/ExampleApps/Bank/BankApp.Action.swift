extension BankApp {
    /// Money moving in, between and out of the accounts.
    public enum Action: Codable, Equatable, Hashable, Sendable {
        /// Puts money into an account.
        case deposit(to: Account, amount: Int)
        /// Moves money from one account to the other.
        case pay(from: Account, to: Account, amount: Int)
        /// Takes money out of an account to nowhere.
        case steal(from: Account, amount: Int)
    }
}
