import ExampleApps
import Foundation
import StateJournal
import StateRecorder
import Testing
import TestSupport

@Suite struct SwiftyStateBankAppTests {
    typealias App = SwiftyStateBankApp

    static let nine = Date(timeIntervalSince1970: 1_767_258_000)

    static func time(minutesAfterNine minutes: Int) -> Date {
        nine.addingTimeInterval(Double(minutes * 60))
    }

    @Test func eachActionEnumReducesItsOwnCasesAndStampsTheirTime() {
        let store = App.BankStore()
        #expect(store.dispatch(.open(id: "savings", holder: "Jenny", at: Self.time(minutesAfterNine: 10))))
        #expect(store.dispatch(.deposit(account: "savings", amount: 50, at: Self.time(minutesAfterNine: 20))))
        #expect(store.dispatch(.withdraw(account: "jenny", amount: 30, at: Self.time(minutesAfterNine: 30))))
        #expect(store.state.accounts.map(\.balance) == [70, 100, 50])
        #expect(store.state.accounts[2].openedAt == Self.time(minutesAfterNine: 10))
        #expect(store.state.accounts[2].lastActivity == Self.time(minutesAfterNine: 20))
        #expect(store.state.accounts[0].lastActivity == Self.time(minutesAfterNine: 30))
        #expect(store.state.lastActivity == Self.time(minutesAfterNine: 30))
    }

    @Test func validatorsRefuseAnOverdraftAndASecondAccountWithTheSameNameAndKeepTheState() {
        let store = App.BankStore()
        var changes: [String] = []
        store.observe { change in
            switch change {
            case .applied(let action, _): changes.append("applied \(action)")
            case .rejected(_, let validator, let reason): changes.append("\(validator): \(reason)")
            }
        }
        let before = store.state
        #expect(!store.dispatch(.send(from: "jenny", to: "donald", amount: 130, at: Self.time(minutesAfterNine: 5))))
        #expect(!store.dispatch(.open(id: "donald", holder: "Donald", at: Self.time(minutesAfterNine: 6))))
        #expect(store.state == before)
        #expect(changes == ["noOverdraft: jenny would be overdrawn by 30",
                            "uniqueAccountIDs: there would be two accounts named donald"])
    }

    @Test func aTransferTakesTheBanksLastActivityFromTheRecipientsAccount() {
        let store = App.BankStore()
        #expect(store.dispatch(.deposit(account: "donald", amount: 10, at: Self.time(minutesAfterNine: 60))))
        #expect(store.dispatch(.send(from: "jenny", to: "donald", amount: 25, at: Self.time(minutesAfterNine: 90))))
        #expect(store.state.accounts[0].lastActivity == Self.time(minutesAfterNine: 90))
        // The bug: the bank should say 10:30, when Jenny sent the money; it says 10:00, Donald's deposit.
        #expect(store.state.lastActivity == Self.time(minutesAfterNine: 60))
    }

    @Test func theGeneratorIsDeterministicAndDatesEachActionAfterEverythingInTheState() {
        func run(_ seed: UInt64) -> (actions: [String], accepted: Int, times: [Date]) {
            let store = App.BankStore()
            var rng = SeededGenerator(seed: seed)
            var actions: [String] = []
            var accepted = 0
            var times: [Date] = []
            for _ in 0..<300 {
                let latest = store.state.accounts.flatMap { [$0.openedAt, $0.lastActivity] }.max() ?? Self.nine
                let action = App.randomAction(for: store.state, using: &rng)
                actions.append(String(describing: action))
                if store.dispatch(action) { accepted += 1 }
                let activity = store.state.accounts.flatMap { [$0.openedAt, $0.lastActivity] }.max() ?? Self.nine
                times.append(activity)
                #expect(activity > latest, "\(action) is not dated after \(latest)")
            }
            return (actions, accepted, times)
        }
        let first = run(7)
        #expect(first.actions == run(7).actions)
        #expect(first.actions != run(8).actions)
        #expect(first.accepted == 300, "without mistakes the validators accept every generated action")
        for kind in ["open", "deposit", "withdraw", "send"] {
            #expect(first.actions.contains { $0.hasPrefix(kind + "(") }, "no \(kind) in 300 actions")
        }
    }

    @Test func withMistakesTheGeneratorMakesActionsTheValidatorsRefuse() {
        let store = App.BankStore()
        var rng = SeededGenerator(seed: 7)
        let outcomes = (0..<200).map { _ in store.dispatch(App.randomAction(for: store.state, using: &rng, mistakes: true)) }
        #expect(outcomes.contains(false))
        #expect(outcomes.filter { $0 }.count > 150)
        #expect(store.state.accounts.allSatisfy { $0.balance >= 0 })
    }

    @Test func recordingFiftyStepsThroughTheObserverJournalsTheStoresStatesAndEveryRefusal() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("bank.jsonl")
        let store = App.BankStore()
        let recorder = try Recorder(app: App.definition, journal: path, clock: RecordingClock.fixed())
        App.record(store, into: recorder)
        var states = [store.state]
        var refusals: [String] = []
        store.observe { change in
            switch change {
            case .applied(_, let state): states.append(state)
            case .rejected(let action, let validator, let reason):
                refusals.append("after \(states.count - 1): \(validator) \(reason) \(App.definition.actions.tag(of: action))")
            }
        }
        var rng = SeededGenerator(seed: 7)
        while recorder.lastStep < 50 {
            _ = store.dispatch(App.randomAction(for: store.state, using: &rng, mistakes: true))
        }
        try recorder.close()

        #expect(try journalStates(at: path, as: App.BankState.self) == states)
        let reader = try JournalReader(path: path)
        let journaled = reader.events.compactMap { located -> String? in
            guard case .rejected(let after, _, let action, let validator, let reason) = located.event else { return nil }
            return "after \(after): \(validator) \(reason) \(action.type)"
        }
        #expect(!refusals.isEmpty)
        #expect(journaled == refusals)
        #expect(try stepsReplayingDifferently(path, through: App.definition) == [])
    }
}
