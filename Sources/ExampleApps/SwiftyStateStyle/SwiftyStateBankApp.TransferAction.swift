import Foundation

extension SwiftyStateBankApp {
    /// Money moving between accounts.
    public enum TransferAction: BankAction, Codable, Equatable, Sendable {
        /// Sends `amount` from one account to another.
        case send(from: String, to: String, amount: Double, at: Date)

        /// Applies the transfer; an unknown account changes nothing.
        public func reduce(_ state: inout BankState) {
            switch self {
            case .send(let from, let to, let amount, let at):
                guard let source = state.index(of: from), let target = state.index(of: to) else { return }
                state.accounts[source].balance -= amount
                state.accounts[source].lastActivity = at
                state.accounts[target].balance += amount
                // The bug: the bank's last activity is read from the wrong account, the recipient's, whose
                // last activity is older than this transfer.
                state.lastActivity = state.accounts[target].lastActivity
            }
        }
    }
}
