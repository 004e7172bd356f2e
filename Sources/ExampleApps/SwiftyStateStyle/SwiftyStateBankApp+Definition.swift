import Foundation
import StateRecorder

extension SwiftyStateBankApp {
    /// The bank as statedbg records, replays and generates it: both action enums, their reduce
    /// functions, a seeded generator of what Jenny and Donald do, and how recordings of its first types
    /// read.
    ///
    /// Replay runs the reduce functions without the validators: a recording holds only the actions
    /// the store accepted (refused ones are events, not steps).
    public static let definition = AppDefinition<BankState, any BankAction>(
        id: "bank-swiftystate",
        summary: "Accounts with dates, written SwiftyState's way (action enums, validators); a transfer misdates the bank.",
        swiftName: "SwiftyStateBankApp.definition",
        initialState: BankState.opening,
        actions: ActionRegistry(AccountAction.self, TransferAction.self),
        actionSamples: [AccountAction.open(id: "savings", holder: "Jenny", at: BankState.opening.lastActivity),
                        AccountAction.deposit(account: "jenny", amount: 20, at: BankState.opening.lastActivity),
                        AccountAction.withdraw(account: "jenny", amount: 5, at: BankState.opening.lastActivity),
                        TransferAction.send(from: "jenny", to: "donald", amount: 10, at: BankState.opening.lastActivity)],
        reduce: { state, action in action.reduce(&state) },
        randomAction: { state, generator in randomAction(for: state, using: &generator) },
        schemaVersion: 2,
        migrations: migrations)

    /// Version 1 of the types called an account's holder its `owner` and kept whole dollars as `Int`
    /// balances and amounts; version 2 keeps cents, as `Double`.
    static let migrations: [Migration] = [
        .from(1, schemaHash: "699595c6bee9c06d",
              .renameField("owner", to: "holder", in: .state(".accounts[*]")),
              .renameField("owner", to: "holder", in: .action("SwiftyStateBankApp.AccountAction.open", ".open")),
              .convertField("balance", .toDouble, in: .state(".accounts[*]")),
              .convertField("amount", .toDouble, in: .action("SwiftyStateBankApp.AccountAction.deposit", ".deposit")),
              .convertField("amount", .toDouble, in: .action("SwiftyStateBankApp.AccountAction.withdraw", ".withdraw")),
              .convertField("amount", .toDouble, in: .action("SwiftyStateBankApp.TransferAction.send", ".send"))),
    ]

    /// Accounts Jenny and Donald may open during a session.
    static let newAccounts = ["savings", "holiday", "kids"]

    /// A plausible next action, a few minutes to a few hours after the latest time in `state` (the
    /// generator's clock, so a seed always makes the same dates).
    ///
    /// - Parameter mistakes: Whether about one withdrawal or transfer in five asks for more than the
    ///   account holds, and an account may be opened twice, so the validators refuse them. Off for
    ///   `statedbg record`, which journals every generated action as a step.
    package static func randomAction(for state: BankState, using rng: inout some RandomNumberGenerator,
                                    mistakes: Bool = false) -> any BankAction {
        let now = latestTime(in: state).addingTimeInterval(Double(rng.bounded(in: 5...360) * 60))
        let unopened = newAccounts.filter { state.index(of: $0) == nil }
        let roll = rng.bounded(100)
        if roll < 10, let id = mistakes ? rng.element(of: newAccounts) : rng.element(of: unopened) {
            return AccountAction.open(id: id, holder: rng.chance(percent: 50) ? "Jenny" : "Donald", at: now)
        }
        guard let account = rng.element(of: state.accounts) else {
            return AccountAction.open(id: "jenny", holder: "Jenny", at: now)
        }
        let tooMuch = mistakes && rng.chance(percent: 20)
        // Whole dollars, as the generator of version 1 made them, so that a seed makes the same session.
        let whole = Int(account.balance.rounded(.down))
        let amount = Double(tooMuch ? whole + rng.bounded(in: 1...100) : rng.bounded(in: 1...max(whole, 1)))
        switch roll {
        case 10..<35:
            return AccountAction.deposit(account: account.id, amount: Double(rng.bounded(in: 1...40) * 5), at: now)
        case 35..<50 where account.balance > 0 || tooMuch:
            return AccountAction.withdraw(account: account.id, amount: amount, at: now)
        default:
            let others = state.accounts.filter { $0.id != account.id }
            guard account.balance > 0 || tooMuch, let target = rng.element(of: others) else {
                return AccountAction.deposit(account: account.id, amount: Double(rng.bounded(in: 1...40) * 5), at: now)
            }
            return TransferAction.send(from: account.id, to: target.id, amount: amount, at: now)
        }
    }

    /// The latest time `state` mentions; the bank's own ``BankState/lastActivity`` can lag behind it.
    static func latestTime(in state: BankState) -> Date {
        state.accounts.reduce(state.lastActivity) { max($0, $1.lastActivity, $1.openedAt) }
    }
}
