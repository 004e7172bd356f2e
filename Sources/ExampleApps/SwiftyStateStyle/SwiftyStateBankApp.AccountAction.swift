import Foundation

extension SwiftyStateBankApp {
    /// What an owner does with one account. Every case carries its time, so the reducer never reads a clock.
    public enum AccountAction: BankAction, Codable, Equatable, Sendable {
        /// Opens an account with nothing in it.
        case open(id: String, holder: String, at: Date)
        /// Pays money in.
        case deposit(account: String, amount: Double, at: Date)
        /// Takes money out.
        case withdraw(account: String, amount: Double, at: Date)

        /// Applies the action; an unknown account, or opening one that exists, changes nothing here.
        public func reduce(_ state: inout BankState) {
            switch self {
            case .open(let id, let holder, let at):
                state.accounts.append(Account(id: id, holder: holder, balance: 0, openedAt: at))
                state.lastActivity = at
            case .deposit(let id, let amount, let at):
                guard let index = state.index(of: id) else { return }
                state.accounts[index].balance += amount
                state.accounts[index].lastActivity = at
                state.lastActivity = at
            case .withdraw(let id, let amount, let at):
                guard let index = state.index(of: id) else { return }
                state.accounts[index].balance -= amount
                state.accounts[index].lastActivity = at
                state.lastActivity = at
            }
        }
    }
}
