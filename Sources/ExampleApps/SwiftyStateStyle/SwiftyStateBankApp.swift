/// Jenny and Donald's bank from SwiftyState's sample, written that library's way: an action enum
/// per feature (``AccountAction``, ``TransferAction``), each with its own reduce function, validators
/// that can refuse a new state, `Date` fields, and the app's own ``BankStore``.
///
/// It has a bug with dates: a transfer sets the bank's ``BankState/lastActivity`` from the
/// recipient's account instead of the sender's, so right after a transfer the bank looks idle since
/// whenever the recipient last did something.
///
/// Recording it takes one observer on the store (``record(_:into:)``, the app's only statedbg code):
///
/// ```swift
/// let store = SwiftyStateBankApp.BankStore()
/// let recorder = try Recorder(app: SwiftyStateBankApp.definition, journal: "bank.jsonl")
/// SwiftyStateBankApp.record(store, into: recorder)
/// store.dispatch(.send(from: "jenny", to: "donald", amount: 500, at: now))   // rejected: noOverdraft
/// ```
public enum SwiftyStateBankApp {}
