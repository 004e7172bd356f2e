import StateRecorder
import StateStore

/// Jenny and Donald's bank from SwiftyState's sample: payments between two accounts, the occasional
/// theft, and a validator that refuses any change leaving an account in debt.
///
/// ```swift
/// let store = Store(initialState: BankApp.initialState, reducer: BankApp.reducer,
///                   validators: BankApp.validators)
/// store.dispatch(.pay(from: .jenny, to: .donald, amount: 500))   // rejected: jenny has 100
/// ```
public enum BankApp {
    /// Each account starts with 100.
    public static let initialState = State(jenny: 100, donald: 100)

    /// Applies bank actions without judging them; ``noDebt`` does that.
    public static let reducer = Reducer<State, Action> { state, action in
        switch action {
        case .deposit(let account, let amount):
            state[account] += amount
        case .pay(let from, let to, let amount):
            state[from] -= amount
            state[to] += amount
        case .steal(let account, let amount):
            state[account] -= amount
        }
    }

    /// Rejects any change that leaves an account below zero.
    public static let noDebt = Validator<State, Action>(name: "noDebt") { _, new, _ in
        for account in Account.allCases where new[account] < 0 {
            return .rejected("\(account.rawValue)'s balance would be \(new[account])")
        }
        return .accepted
    }

    /// The bank's validators: ``noDebt``.
    public static var validators: [Validator<State, Action>] { [noDebt] }

    /// One value of every action case.
    public static let actionSamples: [Action] = [
        .deposit(to: .jenny, amount: 20),
        .pay(from: .jenny, to: .donald, amount: 10),
        .steal(from: .donald, amount: 5),
    ]

    /// A plausible next action. About one payment in five asks for more than the payer has, and
    /// thefts are large now and then, so ``noDebt`` rejects a share of them.
    package static func randomAction(for state: State, using rng: inout some RandomNumberGenerator) -> Action {
        let account: Account = rng.chance(percent: 50) ? .jenny : .donald
        let other: Account = account == .jenny ? .donald : .jenny
        switch rng.bounded(10) {
        case 0..<2:
            return .deposit(to: account, amount: rng.bounded(in: 1...50) * 5)
        case 2..<9:
            let balance = max(state[account], 0)
            let amount = rng.chance(percent: 20)
                ? balance + rng.bounded(in: 1...100)
                : rng.bounded(in: 1...max(balance, 1))
            return .pay(from: account, to: other, amount: amount)
        default:
            return .steal(from: account, amount: rng.bounded(in: 1...max(state[account] + 20, 1)))
        }
    }
}
