import Foundation

extension SwiftyStateBankApp {
    /// Every account, and when anything last happened (the dashboard shows it).
    public struct BankState: Codable, Equatable, Sendable {
        /// The accounts, in the order they were opened.
        public var accounts: [Account]
        /// The time of the latest activity in any account.
        public var lastActivity: Date

        /// A bank with these accounts.
        public init(accounts: [Account], lastActivity: Date) {
            self.accounts = accounts
            self.lastActivity = lastActivity
        }

        /// The position of the account `id` in ``accounts``.
        public func index(of id: String) -> Int? {
            accounts.firstIndex { $0.id == id }
        }

        /// Jenny's and Donald's accounts, 100 each, opened on 2026-01-01 at 09:00 UTC.
        public static let opening: BankState = {
            let opened = Date(timeIntervalSince1970: 1_767_258_000)
            return BankState(accounts: [Account(id: "jenny", holder: "Jenny", balance: 100, openedAt: opened),
                                        Account(id: "donald", holder: "Donald", balance: 100, openedAt: opened)],
                             lastActivity: opened)
        }()
    }
}
