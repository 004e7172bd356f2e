import Foundation
import StateJournal
import StateRecorder
import TestSupport
import Testing

/// Time travel in a store whose state is read-only: the recorder dispatches statedbg's `TravelAction`
/// through the store, and the reducer `recorder.travelling(_:)` made answers it with the state. The app
/// is made as an iOS app makes it, on the main actor.
@MainActor @Suite struct TravellingReducerTests {
    /// The basket's recorder, its store made after it, and every state the store's subscriber saw.
    @MainActor final class Basket {
        let recorder: Recorder<BasketState, any BasketAction>
        let store: BasketStore<BasketState>
        var seen: [BasketState] = []

        init(journal: String, options: RecorderOptions = RecorderOptions()) throws {
            // The recorder first, the store second, the store's dispatch given to the recorder last: no
            // cycle (the recorder holds the store weakly) and no implicitly unwrapped store.
            recorder = try Recorder(journal: journal, app: "basket", initialState: BasketState(),
                                    actions: ActionRegistry(PutItem.self, TakeItem.self), options: options)
            store = BasketStore(reducer: recorder.travelling({ basketReducer(action: $0, state: $1) }), state: BasketState(),
                              middleware: [recording(recorder)])
            recorder.travelsOnMainActor(dispatching: { [weak store] in store?.dispatch($0) })
            store.subscribe { [unowned self] in seen.append($0) }
        }
    }

    @Test func undoRedoAndJumpReachTheStoreThroughItsOwnDispatch() throws {
        let directory = try TemporaryDirectory()
        let basket = try Basket(journal: directory.file("basket.jsonl"))
        for (name, price) in [("apple", 3), ("pear", 2), ("fig", 5)] { basket.store.dispatch(PutItem(name: name, price: price)) }
        #expect(basket.recorder.canTravel)

        #expect(try basket.recorder.undo() == 2)
        #expect(basket.store.state == BasketState(items: ["apple", "pear"], total: 5))
        #expect(basket.seen.last == basket.store.state, "the store's subscribers see the state travelled to")
        #expect(try basket.recorder.redo() == 3)
        #expect(basket.store.state == BasketState(items: ["apple", "pear", "fig"], total: 10))
        try basket.recorder.jump(to: 0)
        #expect(basket.store.state == BasketState())
        #expect(basket.seen.last == BasketState())
        #expect(basket.recorder.currentStep == 0)
        // Recording goes on from the state travelled to: a branch from step 0.
        basket.store.dispatch(PutItem(name: "kiwi", price: 1))
        try basket.recorder.close()

        let reader = try JournalReader(path: basket.recorder.path)
        #expect(reader.lastStep == 4, "a travel is an event, never a step")
        let travels = reader.events.compactMap { located -> String? in
            guard case .travel(let after, _, let kind, let to, _) = located.event else { return nil }
            return "after \(after): \(kind.rawValue) to \(to)"
        }
        #expect(travels == ["after 3: undo to 2", "after 3: redo to 3", "after 3: jump to 0"])
        #expect(reader.parent(ofStep: 4) == 0)
        #expect(try reader.action(at: 4).type == "PutItem")
        #expect(try reader.state(at: 4) == ["items": ["kiwi"], "total": 1])
    }

    @Test func theStoreAndTheRecorderFreeEachOtherWithoutClose() throws {
        let directory = try TemporaryDirectory()
        weak var store: BasketStore<BasketState>?
        weak var recorder: Recorder<BasketState, any BasketAction>?
        var path = ""
        do {
            let basket = try Basket(journal: directory.file("freed.jsonl"))
            basket.store.dispatch(PutItem(name: "apple", price: 3))
            try basket.recorder.undo()
            store = basket.store
            recorder = basket.recorder
            path = basket.recorder.path
        }
        #expect(store == nil)
        #expect(recorder == nil)
        // Freed, the recorder closed its journal.
        #expect(try JournalReader(path: path).closing != nil)
    }

    @Test func aStoreWhoseReducerDoesNotTravelGetsAnErrorAndNoTravelIsJournaled() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder<BasketState, any BasketAction>(
            journal: directory.file("plain.jsonl"), app: "basket", initialState: BasketState(), actions: ActionRegistry(PutItem.self))
        let store = BasketStore(reducer: { basketReducer(action: $0, state: $1) }, state: BasketState(), middleware: [recording(recorder)])
        recorder.travelsOnMainActor(dispatching: { [weak store] in store?.dispatch($0) })
        store.dispatch(PutItem(name: "apple", price: 3))
        #expect(throws: RecorderError.travelNotApplied(step: 0)) { try recorder.undo() }
        #expect(store.state.items == ["apple"])
        #expect(recorder.currentStep == 1)
        try recorder.close()
        let reader = try JournalReader(path: recorder.path)
        #expect(reader.lastStep == 1, "the travel the store reduced as an unknown action is not a step")
        #expect(reader.events.isEmpty)
        #expect(RecorderError.travelNotApplied(step: 0).description
            == "The app's store did not apply statedbg's travel to step 0: give it the reducer recorder.travelling(yourReducer) makes, let the middleware pass actions it does not know on, and have the store reduce them on the thread that dispatches them.")
    }

    @Test func aReducerThatChangesTheStateInPlaceTravelsThroughAnActionEnumCase() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder<Int, TallyAction>(journal: directory.file("tally.jsonl"), app: "tally", initialState: 0)
        let store = TallyStore(reduce: recorder.travelling({ tallyReduce(into: &$0, action: $1) }), recorder: recorder)
        recorder.travelsOnMainActor(dispatching: { [weak store] in store?.send(.travel($0)) })
        store.send(.add(2))
        store.send(.add(5))
        #expect(try recorder.undo() == 1)
        #expect(store.state == 2)
        try recorder.jump(to: 2)
        #expect(store.state == 7)
        try recorder.close()
        #expect(try JournalReader(path: recorder.path).lastStep == 2)
    }

    @Test func aTCAStyleReducerReturnsNoEffectForATravel() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder<Int, TallyAction>(journal: directory.file("effects.jsonl"), app: "tally", initialState: 0)
        var effects: [TallyEffect] = []
        let reduce = recorder.travelling({ state, action -> TallyEffect in
            tallyReduce(into: &state, action: action)
            return .log("now \(state)")
        }, travelEffect: .none)
        var state = 0
        for action in [TallyAction.add(1), .add(4)] {
            effects.append(reduce(&state, action))
            recorder.record(action, state: state)
        }
        recorder.travelsOnMainActor(dispatching: { travel in
            effects.append(reduce(&state, .travel(travel)))
        })
        try recorder.undo()
        #expect(state == 1)
        #expect(effects == [.log("now 1"), .log("now 5"), TallyEffect.none])
        try recorder.close()
    }
}

/// A tally whose actions are an enum, one case of which holds statedbg's travel.
enum TallyAction: Codable, Equatable {
    case add(Int)
    case travel(TravelAction<Int>)

    init(from decoder: any Decoder) throws {
        self = .add(try Int(from: decoder))
    }

    func encode(to encoder: any Encoder) throws {
        guard case .add(let amount) = self else { return }
        try amount.encode(to: encoder)
    }

    static func == (a: TallyAction, b: TallyAction) -> Bool {
        switch (a, b) {
        case (.add(let x), .add(let y)): x == y
        case (.travel(let x), .travel(let y)): x.step == y.step
        default: false
        }
    }
}

/// What a TCA-style reducer returns besides the new state.
enum TallyEffect: Equatable {
    case none
    case log(String)
}

func tallyReduce(into state: inout Int, action: TallyAction) {
    if case .add(let amount) = action { state += amount }
}

/// A store whose reducer changes its read-only state in place and which records each action after it.
final class TallyStore {
    private(set) var state = 0
    private let reduce: (inout Int, TallyAction) -> Void
    private let recorder: Recorder<Int, TallyAction>

    init(reduce: @escaping (inout Int, TallyAction) -> Void, recorder: Recorder<Int, TallyAction>) {
        self.reduce = reduce
        self.recorder = recorder
    }

    func send(_ action: TallyAction) {
        reduce(&state, action)
        recorder.record(action, state: state)
    }
}
