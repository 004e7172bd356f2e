import ExampleApps
import Foundation
import StateStore
import Testing

@Suite struct CounterAppTests {
    @Test func reducerIncreasesDecreasesAndResets() {
        var state = CounterApp.initialState
        for action in [CounterApp.Action.increase, .increase, .decrease] {
            CounterApp.reducer.reduce(into: &state, action: action)
        }
        #expect(state.counter == 1)
        CounterApp.reducer.reduce(into: &state, action: .reset)
        #expect(state == CounterApp.initialState)
    }

    @Test func samplesCoverEveryActionAndRoundTripThroughJSON() throws {
        let data = try JSONEncoder().encode(CounterApp.actionSamples)
        #expect(try JSONDecoder().decode([CounterApp.Action].self, from: data) == CounterApp.actionSamples)
        #expect(Set(CounterApp.actionSamples).count == 3)
    }

    @Test func generatorIsDeterministicForASeed() {
        let run = { (seed: UInt64) in
            generate(200, seed: seed, initialState: CounterApp.initialState, reducer: CounterApp.reducer) {
                CounterApp.randomAction(for: $0, using: &$1)
            }
        }
        #expect(run(1).actions == run(1).actions)
        #expect(run(1).actions != run(2).actions)
        #expect(Set(run(1).actions) == Set(CounterApp.actionSamples))
    }
}
