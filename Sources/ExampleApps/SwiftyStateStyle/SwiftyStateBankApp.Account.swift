import Foundation

extension SwiftyStateBankApp {
    /// One account.
    public struct Account: Codable, Equatable, Sendable {
        /// A short name that identifies the account: `jenny`, `savings`.
        public var id: String
        /// Who owns it.
        public var owner: String
        /// The balance, in whole dollars.
        public var balance: Int
        /// When it was opened.
        public var openedAt: Date
        /// When its owner last paid in, took out or sent money (receiving money is not the owner's doing).
        public var lastActivity: Date

        /// An account opened at `openedAt` with `balance`, and no activity since.
        public init(id: String, owner: String, balance: Int, openedAt: Date) {
            self.id = id
            self.owner = owner
            self.balance = balance
            self.openedAt = openedAt
            lastActivity = openedAt
        }
    }
}
