import ExampleApps
import StateJSON
import StateJournal
import StateRecorder
import Testing
import TestSupport

@Suite struct TCASearchAppTests {
    typealias App = TCASearchApp
    typealias Search = TCASearchApp.Search

    /// What the screen showed after one step, copied out of the state (whose history is a shared object).
    struct Screen: Equatable {
        var query: String
        var isSearching: Bool
        var results: [String]
        var opened: String?
        var errorMessage: String?
        var history: [String]

        init(_ state: Search.State) {
            query = state.query
            isSearching = state.isSearching
            results = state.results.map(\.name)
            opened = state.opened?.name
            errorMessage = state.errorMessage
            history = state.history.queries
        }
    }

    @Test func searchingRunsTheEffectAndTheStoreFeedsItsResponseBack() {
        let store = App.Store(initialState: Search.State(), reducer: Search(client: .catalog))
        store.send(.queryChanged("swift-"))
        store.send(.searchTapped)
        #expect(!store.state.isSearching)
        #expect(store.state.results.map(\.name) == ["pointfreeco/swift-composable-architecture", "apple/swift-nio",
                                                    "apple/swift-log", "apple/swift-argument-parser",
                                                    "pointfreeco/swift-custom-dump", "swiftlang/swift-subprocess"])
        store.send(.repositoryTapped(id: 2))
        #expect(store.state.opened?.name == "apple/swift-nio")
        store.send(.dismissTapped)
        #expect(store.state.opened == nil)
        #expect(store.state.history.queries == ["swift-"])
    }

    @Test func aFailedSearchSaysWhyAndClearsTheResults() {
        let failing = App.SearchClient { _ in throw App.SearchError.rateLimited }
        let store = App.Store(initialState: Search.State(), reducer: Search(client: failing))
        store.send(.queryChanged("nio"))
        store.send(.searchTapped)
        #expect(store.state.errorMessage == "The search failed: rateLimited.")
        #expect(store.state.results.isEmpty)
        #expect(!store.state.isSearching)
    }

    @Test func theHistoryIsOneObjectSharedWithWhoeverHoldsIt() {
        let history = App.SearchHistory()
        let store = App.Store(initialState: Search.State(history: history), reducer: Search(client: .catalog))
        for query in ["a", "b", "c", "d", "e", "f", "b"] {
            store.send(.queryChanged(query))
            store.send(.searchTapped)
        }
        #expect(history.queries == ["b", "f", "e", "d", "c"])
        store.send(.clearHistoryTapped)
        #expect(history.queries.isEmpty)
    }

    @Test func theGeneratorIsDeterministicAndAnswersEverySearch() {
        func run(_ seed: UInt64) -> [String] {
            var state = Search.State()
            var rng = SeededGenerator(seed: seed)
            return (0..<300).map { _ in
                let wasSearching = state.isSearching
                let action = App.randomAction(for: state, using: &rng)
                var isResponse = false
                if case .searchResponse = action { isResponse = true }
                #expect(!wasSearching || isResponse, "\(action) while a search is under way")
                _ = Search(client: .catalog).reduce(into: &state, action: action)
                return String(describing: action)
            }
        }
        let first = run(3)
        #expect(first == run(3))
        #expect(first != run(4))
        for kind in ["queryChanged", "searchTapped", "searchResponse(Swift.Result<", "repositoryTapped", "dismissTapped",
                     "clearHistoryTapped"] {
            #expect(first.contains { $0.hasPrefix(kind) }, "no \(kind) in 300 actions")
        }
        #expect(first.contains { $0.contains(".failure(") })
    }

    @Test func recordingFiftyStepsThroughTheRecordingReducerJournalsEachStepsScreenByReflection() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("search.jsonl")
        let recorder = try Recorder(app: App.definition, journal: path, clock: RecordingClock.fixed())
        var screens = [Screen(Search.State())]
        let recording = Search(client: .catalog).recording(into: recorder)
        let observed = App.Reduce<Search.State, Search.Action> { state, action in
            let effect = recording.reduce(into: &state, action: action)
            screens.append(Screen(state))
            return effect
        }
        let store = App.Store(initialState: Search.State(), reducer: observed)
        var rng = SeededGenerator(seed: 3)
        while recorder.lastStep < 50 {
            store.send(App.randomAction(for: store.state, using: &rng))
        }
        try recorder.close()

        let reader = try JournalReader(path: path)
        #expect(reader.header.stateCoding == .reflection)
        #expect(reader.lastStep == screens.count - 1)
        #expect(reader.lastStep >= 50)
        let states = try journalStates(at: path)
        for (step, screen) in screens.enumerated() {
            let state = states[step]
            #expect(try values(".query", in: state) == [.string(screen.query)], "step \(step)")
            #expect(try values(".isSearching", in: state) == [.bool(screen.isSearching)], "step \(step)")
            #expect(try values(".results..name", in: state).map(\.stringValue).sorted() == screen.results.sorted(), "step \(step)")
            #expect(try values(".opened..name", in: state).map(\.stringValue) == [screen.opened].compactMap { $0 }, "step \(step)")
            #expect(try values(".history.queries[*]", in: state).map(\.stringValue).sorted() == screen.history.sorted(), "step \(step)")
            if let message = screen.errorMessage {
                #expect(try values("..errorMessage", in: state).description.contains(message), "step \(step)")
            }
        }
        #expect(Set(screens.map(\.history)).count > 3, "the history object changed during the session")
        let actions = try (1...reader.lastStep).map { step throws(JournalError) in try reader.action(at: step) }
        #expect(actions.allSatisfy { !$0.isReplayable })
        #expect(actions.contains { $0.type == "TCASearchApp.Search.Action.searchResponse.success" })
    }

    @Test func aRecordingCannotBeReplayedBecauseItsActionsWereRecordedWithoutCodable() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("search.jsonl")
        _ = try App.definition.record(to: path, steps: 10, seed: 3, options: RecorderOptions(), clock: RecordingClock.fixed())
        let reader = try JournalReader(path: path)
        // The replay can start: the initial state is the definition's own, though it cannot be decoded.
        let replayer = try App.definition.makeReplayer(from: reader.state(at: 0))
        let first = try reader.action(at: 1)
        #expect(throws: ReplayError.notReplayable(first.type)) { try replayer.apply(first) }
        #expect(ReplayError.notReplayable(first.type).description
            == "action \(first.type) was recorded without Codable, so it cannot be replayed")
    }
}

private extension JSONValue {
    /// The string, or the value's description when it is not one.
    var stringValue: String {
        if case .string(let text) = self { return text }
        return "\(self)"
    }
}
