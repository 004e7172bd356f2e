import StateJSON
import StateQuery

/// A property every state of a recording must have, checked after every replayed step.
///
/// Write it as a named closure over the app's typed state, or as a `StatePredicate`
/// string over the state's JSON (which can also look at `action.type`, `action.payload…` and `step`):
///
/// ```swift
/// assertReplay("Recordings/bank.jsonl", app: BankApp.app, invariants: [
///     Invariant("no account is overdrawn") { state in state.accounts.allSatisfy { $0.balance >= 0 } },
///     "all(.accounts[*].balance >= 0)",
/// ])
/// ```
///
/// A predicate that mentions `action` is not checked on the initial state, which has no action.
/// A predicate that does not parse is reported as a test failure when the replay runs, not as a crash.
public struct Invariant<State>: Sendable, ExpressibleByStringLiteral {
    enum Check: Sendable {
        case typed(@Sendable (State) -> Bool)
        case predicate(Result<StatePredicate, PredicateParseError>)
    }

    /// The name used in failure messages: the closure's name, or the predicate's text.
    public let name: String
    let check: Check

    /// An invariant named `name` that holds when `holds` returns `true` for the state after a step.
    public init(_ name: String, _ holds: @escaping @Sendable (State) -> Bool) {
        self.name = name
        check = .typed(holds)
    }

    /// An invariant written as a `StatePredicate`: `all(.accounts[*].balance >= 0)`.
    public init(predicate source: String) {
        name = source
        do {
            check = .predicate(.success(try StatePredicate(parsing: source)))
        } catch {
            check = .predicate(.failure(error))
        }
    }

    /// An invariant written as a predicate string literal.
    public init(stringLiteral source: String) {
        self.init(predicate: source)
    }
}
