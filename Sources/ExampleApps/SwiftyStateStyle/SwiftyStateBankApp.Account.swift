import Foundation

extension SwiftyStateBankApp {
    /// One account.
    public struct Account: Codable, Equatable, Sendable {
        /// A short name that identifies the account: `jenny`, `savings`.
        public var id: String
        /// Who holds it. Version 1 of the app's types called it `owner`.
        public var holder: String
        /// The balance, in dollars with their cents. Version 1 of the app's types kept whole dollars, as an `Int`.
        public var balance: Double
        /// When it was opened.
        public var openedAt: Date
        /// When its holder last paid in, took out or sent money (receiving money is not the holder's doing).
        public var lastActivity: Date

        /// An account opened at `openedAt` with `balance`, and no activity since.
        public init(id: String, holder: String, balance: Double, openedAt: Date) {
            self.id = id
            self.holder = holder
            self.balance = balance
            self.openedAt = openedAt
            lastActivity = openedAt
        }
    }
}
