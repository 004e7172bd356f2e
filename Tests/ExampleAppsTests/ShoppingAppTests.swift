import ExampleApps
import Foundation
import StateRecorder
import Testing

/// The shopping list's reducer and generator, short of the crash itself: a crash cannot be caught in the
/// test process, so `CrashReproductionTests` (StatedbgCLITests) runs it in child processes.
@Suite struct ShoppingAppTests {
    typealias State = ShoppingApp.State
    typealias Item = ShoppingApp.Item

    static func list(_ names: String..., selected: Int?) -> State {
        State(items: names.map { Item(name: $0) }, selected: selected)
    }

    @Test func deletingAMiddleRowSelectsTheRowThatMovesUp() {
        var state = Self.list("milk", "eggs", "bread", selected: 1)
        ShoppingApp.reducer.reduce(into: &state, action: .deleteSelected)
        #expect(state == Self.list("milk", "bread", selected: 1))
    }

    @Test func deletingTheOnlyRowSelectsNothing() {
        var state = Self.list("milk", selected: 0)
        ShoppingApp.reducer.reduce(into: &state, action: .deleteSelected)
        #expect(state == Self.list(selected: nil))
    }

    @Test func deletingTheLastRowLeavesTheSelectionPastTheEnd() {
        var state = Self.list("milk", "eggs", selected: 1)
        ShoppingApp.reducer.reduce(into: &state, action: .deleteSelected)
        // The bug the app keeps: the next toggleSelected or increaseSelected reads items[1] and traps.
        #expect(state == Self.list("milk", selected: 1))
    }

    @Test func actionsOnTheSelectionChangeTheSelectedRow() {
        var state = Self.list("milk", "eggs", selected: 0)
        ShoppingApp.reducer.reduce(into: &state, action: .toggleSelected)
        ShoppingApp.reducer.reduce(into: &state, action: .increaseSelected)
        ShoppingApp.reducer.reduce(into: &state, action: .select(index: 5))
        ShoppingApp.reducer.reduce(into: &state, action: .toggleSelected)
        #expect(state == State(items: [Item(name: "milk", quantity: 2, isBought: true), Item(name: "eggs")], selected: nil))
    }

    @Test func samplesCoverEveryActionAndRoundTripThroughJSON() throws {
        let data = try JSONEncoder().encode(ShoppingApp.actionSamples)
        #expect(try JSONDecoder().decode([ShoppingApp.Action].self, from: data) == ShoppingApp.actionSamples)
        #expect(Set(ShoppingApp.actionSamples.map { "\($0)".prefix(while: { $0 != "(" }) }).count == 5)
    }

    /// The generated actions up to, not including, the first that would read past the end of the list.
    static func actionsBeforeTheCrash(seed: UInt64, limit: Int = 1000) -> (actions: [ShoppingApp.Action], crashing: ShoppingApp.Action?) {
        var state = ShoppingApp.initialState
        var rng = SeededGenerator(seed: seed)
        var actions: [ShoppingApp.Action] = []
        for _ in 0..<limit {
            let action = ShoppingApp.randomAction(for: state, using: &rng)
            if action == .toggleSelected || action == .increaseSelected || action == .deleteSelected,
               let selected = state.selected, selected >= state.items.count {
                return (actions, action)
            }
            actions.append(action)
            ShoppingApp.reducer.reduce(into: &state, action: action)
        }
        return (actions, nil)
    }

    @Test func theGeneratorReachesTheCrashAfterDeletingTheLastRow() throws {
        // Seed 9 is the shipped crash journal's: 49 steps, and the 50th action crashes.
        let run = Self.actionsBeforeTheCrash(seed: 9)
        #expect(run.actions.count == 49)
        #expect(run.actions.last == .deleteSelected)
        #expect(run.crashing == .toggleSelected)
        #expect(Self.actionsBeforeTheCrash(seed: 9).actions == run.actions)
        // Seed 7 crashes by deleting twice: the second delete reads past the end too.
        #expect(Self.actionsBeforeTheCrash(seed: 7).crashing == .deleteSelected)
    }
}
