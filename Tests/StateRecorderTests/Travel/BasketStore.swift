import StateRecorder

// A small app whose store is shaped as ReSwift's: its state is `private(set)`, its actions are structs
// behind a `protocol Action` (some not Codable), its middleware gets `(dispatch, getState)`, and it tells
// its subscribers of every new state. statedbg reaches its state only through its own dispatch.

protocol BasketAction {}

struct PutItem: BasketAction, Codable, Equatable {
    var name: String
    var price: Int
}

struct TakeItem: BasketAction, Codable, Equatable {
    var name: String
}

/// Not Codable, as many apps' actions are.
struct EmptyBasket: BasketAction {}

struct BasketState: Codable, Equatable {
    var items: [String] = []
    var total = 0
}

func basketReducer(action: any BasketAction, state: BasketState?) -> BasketState {
    var state = state ?? BasketState()
    switch action {
    case let add as PutItem:
        state.items.append(add.name)
        state.total += add.price
    case let remove as TakeItem:
        state.items.removeAll { $0 == remove.name }
    case is EmptyBasket:
        state = BasketState()
    default:
        break
    }
    return state
}

/// The one line of glue that lets the basket's actions hold statedbg's travel.
extension TravelAction: BasketAction {}

/// A store as ReSwift has it: dispatch runs the middleware chain, then the reducer, then tells the
/// subscribers. Not thread-safe; used on one thread.
final class BasketStore<State> {
    typealias DispatchFunction = (any BasketAction) -> Void
    typealias Middleware = (@escaping DispatchFunction, @escaping () -> State?) -> (@escaping DispatchFunction) -> DispatchFunction

    private(set) var state: State
    private let reducer: (any BasketAction, State?) -> State
    private var subscribers: [(State) -> Void] = []
    private var dispatchFunction: DispatchFunction = { _ in }

    init(reducer: @escaping (any BasketAction, State?) -> State, state: State?, middleware: [Middleware] = []) {
        self.reducer = reducer
        self.state = state ?? reducer(Initialize(), nil)
        let reduce: DispatchFunction = { [unowned self] action in
            self.state = self.reducer(action, self.state)
            for subscriber in self.subscribers { subscriber(self.state) }
        }
        dispatchFunction = middleware.reversed().reduce(reduce) { next, middleware in
            middleware({ [weak self] action in self?.dispatch(action) }, { [weak self] in self?.state })(next)
        }
    }

    func dispatch(_ action: any BasketAction) {
        dispatchFunction(action)
    }

    func subscribe(_ subscriber: @escaping (State) -> Void) {
        subscribers.append(subscriber)
    }

    /// The store's own start-up action, as ReSwift's `ReSwiftInit`.
    struct Initialize: BasketAction {}
}

/// The recording middleware of the README, for the basket.
func recording(_ recorder: Recorder<BasketState, any BasketAction>) -> BasketStore<BasketState>.Middleware {
    { _, getState in { next in { action in
        next(action)
        if let state = getState() { recorder.record(action, state: state, site: nil) }
    } } }
}
