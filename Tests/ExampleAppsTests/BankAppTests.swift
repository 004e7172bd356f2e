import ExampleApps
import StateStore
import Testing

@Suite struct BankAppTests {
    func makeStore() -> Store<BankApp.State, BankApp.Action> {
        Store(initialState: BankApp.initialState, reducer: BankApp.reducer, validators: BankApp.validators)
    }

    @Test func paymentsMoveMoneyBetweenAccounts() {
        let store = makeStore()
        store.dispatch(.pay(from: .jenny, to: .donald, amount: 30))
        store.dispatch(.deposit(to: .jenny, amount: 5))
        store.dispatch(.steal(from: .donald, amount: 10))
        #expect(store.state == BankApp.State(jenny: 75, donald: 120))
    }

    @Test func noDebtRejectsOverdraftsAndKeepsTheBalances() {
        let store = makeStore()
        let outcomes = OutcomeLog()
        store.addObserver(StoreObserver { event in
            if case .processed(_, _, let outcome) = event { outcomes.append(outcome) }
        })
        store.dispatch(.pay(from: .jenny, to: .donald, amount: 101))
        store.dispatch(.steal(from: .donald, amount: 100))
        #expect(store.state == BankApp.State(jenny: 100, donald: 0))
        #expect(outcomes.elements == [
            .rejected(Rejection(validator: "noDebt", reason: "jenny's balance would be -1")),
            .applied,
        ])
    }

    @Test func generatorMixesAcceptedAndRejectedActionsDeterministically() {
        let run = { (seed: UInt64) in
            generate(
                300, seed: seed, initialState: BankApp.initialState, reducer: BankApp.reducer,
                validators: BankApp.validators
            ) { BankApp.randomAction(for: $0, using: &$1) }
        }
        let first = run(42)
        #expect(first.actions == run(42).actions)
        #expect(first.state == run(42).state)
        #expect(first.actions != run(43).actions)
        let rejected = first.outcomes.filter { $0 != .applied }.count
        #expect(rejected > 10)
        #expect(rejected < 150)
        #expect(first.state.jenny >= 0 && first.state.donald >= 0)
    }
}
