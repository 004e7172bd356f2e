import Foundation
import StateJSON
import StateJournal
import StateRecorder
import StateSync
import Testing

/// An app described with `AppDefinition.onMainActor`, as a target whose default isolation is the main
/// actor must: statedbg's replaying tools run its functions on the main actor, wherever they replay.
@Suite struct MainActorDefinitionTests {
    struct Tally: Codable, Equatable, Sendable {
        var total = 0
    }

    struct Add: Codable, Sendable {
        var amount: Int
    }

    /// Where the definition's functions ran: on the main queue or not, one entry per call.
    static let calls = Locked<[String]>([])

    @MainActor static func reduce(_ state: inout Tally, _ action: any Sendable) {
        calls.withLock { $0.append("reduce on main: \(MainQueue.isCurrent)") }
        if let add = action as? Add { state.total += add.amount }
    }

    @Test func aMainActorReducerRunsOnTheMainActorWhenATestReplaysOffIt() throws {
        let app = AppDefinition<Tally, any Sendable>.onMainActor(
            id: "tally", initialState: Tally(), actions: ActionRegistry(Add.self),
            reduce: { state, action in Self.reduce(&state, action) },
            validate: { _, new, _ in
                Self.calls.withLock { $0.append("validate on main: \(MainQueue.isCurrent)") }
                return new.total > 10 ? Rejection(validator: "max", reason: "over 10") : nil
            })
        #expect(app.runsOnMainActor)
        #expect(!MainQueue.isCurrent, "the test replays off the main actor")
        let replayer = try app.makeReplayer(from: try app.initialStateJSON())
        let add = JournalAction(type: "MainActorDefinitionTests.Add", label: "add", payload: ["amount": 4])
        #expect(try replayer.apply(add) == .applied)
        #expect(replayer.state == ["total": 4])
        let tooMuch = JournalAction(type: "MainActorDefinitionTests.Add", label: "add", payload: ["amount": 9])
        #expect(try replayer.apply(tooMuch) == .rejected(Rejection(validator: "max", reason: "over 10")))
        #expect(Self.calls.withLock { $0 } == ["reduce on main: true", "validate on main: true", "reduce on main: true", "validate on main: true"])
    }
}
