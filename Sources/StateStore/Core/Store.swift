import StateSync
import Synchronization

// Safe because of the invariants above: state is touched only under the lock, and the queue is drained by one thread at
// a time.
/// The single source of truth of an app: one state value changed only by dispatching actions.
///
/// ```swift
/// enum CounterAction: Sendable { case increment, decrement }
/// let store = Store(initialState: 0, reducer: Reducer<Int, CounterAction> { count, action in
///     count += action == .increment ? 1 : -1
/// })
/// let token = store.subscribe({ $0 }) { new, old in print("\(old ?? new) → \(new)") }
/// store.dispatch(.increment)
/// store.dispatch(.increment)
/// ```
///
/// ```text
/// 0 → 1
/// 1 → 2
/// ```
///
/// ## Threading
/// Dispatch from any thread or task. Actions are applied one at a time in a single total order by
/// whichever thread is *draining*: the first dispatcher to find the store idle drains the queue until
/// it is empty; a dispatch that finds another thread draining (or comes from a middleware, subscriber
/// or observer on the draining thread) appends its action to the queue and returns at once. So
/// dispatching never blocks on other dispatchers and never deadlocks, and after `dispatch` returns on
/// an idle store the action has been applied.
///
/// Invariants, which justify `@unchecked Sendable`:
/// - `state`, the queue and the ``_Listeners`` snapshot share one `Locked` value; the reducer and the
///   validators run while it is held, so nothing else sees a half-applied action.
/// - Exactly one thread drains at a time (`Core.draining`, set and cleared under the lock). Only that
///   thread runs middleware, observers and subscriber callbacks, and touches `turn`; callbacks run
///   with the lock released, so they may read `state`, dispatch, subscribe or cancel.
/// - `reducingThread` names the thread inside the reducer or validators; `dispatch` checks it before
///   taking the lock, which turns a would-be deadlock into a clear diagnostic.
public final class Store<State: Sendable, Action: Sendable>: @unchecked Sendable {
    @usableFromInline
    enum _Work: Sendable {
        case action(Action, chainIndex: Int)
        case replace(State)
        case deliverInitial(_Subscriber<State>)
        case commandFailed(CommandFailure)
    }

    @usableFromInline
    struct _Core: ~Copyable {
        @usableFromInline var _state: State
        @usableFromInline var _queue: [_Work] = []
        @usableFromInline var _queueHead = 0
        @usableFromInline var _draining = false
        /// Replaced, never mutated, so the drainer takes both lists with a single retain.
        @usableFromInline var _listeners = _Listeners<State, Action>(subscribers: [], observers: [])

        @inlinable
        init(state: State) {
            self._state = state
        }

        @inlinable
        mutating func popWork() -> _Work? {
            guard _queueHead < _queue.count else { return nil }
            let work = _queue[_queueHead]
            _queueHead += 1
            if _queueHead == _queue.count {
                _queue.removeAll(keepingCapacity: true)
                _queueHead = 0
            } else if _queueHead >= 1024 && _queueHead * 2 >= _queue.count {
                _queue.removeFirst(_queueHead)
                _queueHead = 0
            }
            return work
        }
    }

    @usableFromInline let _core: Locked<_Core>
    @usableFromInline let _reducer: Reducer<State, Action>
    @usableFromInline let _middleware: [Middleware<State, Action>]
    @usableFromInline let _validators: [Validator<State, Action>]
    @usableFromInline let _diagnostics: StoreDiagnostics
    @usableFromInline let _drainingThread = Atomic<UInt>(0)
    @usableFromInline let _reducingThread = Atomic<UInt>(0)
    /// Counts actions entering the chain, so a kept `next` can tell its turn is over. Atomic only to
    /// avoid the exclusivity checks of a class `var`; just the draining thread writes it.
    @usableFromInline let _turn = Atomic<UInt64>(0)

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - initialState: The first state.
    ///   - reducer: The pure function that applies actions.
    ///   - middleware: Run in order around the reducer for every action; the first is outermost.
    ///   - validators: Judge every new state; any rejection keeps the old one.
    ///   - diagnostics: Where programmer errors and failed commands are reported.
    public init(
        initialState: State,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        validators: [Validator<State, Action>] = [],
        diagnostics: StoreDiagnostics = .standard
    ) {
        self._core = Locked(_Core(state: initialState))
        self._reducer = reducer
        self._middleware = middleware
        self._validators = validators
        self._diagnostics = diagnostics
    }

    /// The current state.
    ///
    /// Read it from anywhere except a reducer, validator or selector (those run under the lock).
    @inlinable
    public var state: State {
        _core.withLock { $0._state }
    }

    /// Sends `action` through the middleware, the reducer and the validators.
    ///
    /// Dispatching from a reducer or validator is a programmer error reported to
    /// ``StoreDiagnostics/dispatchInsideReducer``; the action is ignored.
    @inlinable
    public func dispatch(_ action: Action) {
        if _reducingThread.load(ordering: .relaxed) == _ThreadIdentity.current {
            _reportDispatchInsideReducer(action)
            return
        }
        submit(.action(action, chainIndex: 0))
    }

    @usableFromInline
    func _reportDispatchInsideReducer(_ action: Action) {
        _diagnostics.dispatchInsideReducer(
            "Store<\(State.self), \(Action.self)>.dispatch(\(action)) was called from inside a reducer or "
                + "validator; reducers must be pure, so dispatch follow-up actions from a middleware, "
                + "a subscriber or a command instead.")
    }

    /// Starts `command` in a new task and returns that task.
    ///
    /// An error the command throws is reported to ``StoreDiagnostics/commandFailed`` and to observers.
    @discardableResult
    public func run(_ command: Command<State, Action>) -> Task<Void, Never> {
        let context = CommandContext(store: self)
        return Task {
            do {
                try await command.body(context)
            } catch {
                self.submit(.commandFailed(CommandFailure(command: command.name, error: error)))
            }
        }
    }

    // MARK: Hooks for recorders

    /// Adds an observer that sees every later event of this store, in order.
    ///
    /// For `StateRecorder` and debuggers; apps subscribe instead.
    package func addObserver(_ observer: StoreObserver<State, Action>) {
        _core.withLock { core in
            core._listeners = _Listeners(
                subscribers: core._listeners._subscribers, observers: core._listeners._observers + [observer])
        }
    }

    /// Replaces the whole state (time travel), in order with dispatched actions.
    ///
    /// Subscribers are notified as for an applied action, observers receive
    /// ``StoreEvent/travelled(state:)``. For `StateRecorder` and debuggers.
    package func replaceState(_ state: State) {
        submit(.replace(state))
    }

    // MARK: Subscriptions

    @usableFromInline
    func _register(_ subscriber: _Subscriber<State>, initial: Bool) -> Subscription {
        let drainsNow = _core.withLock { core -> Bool in
            subscriber._register(core._state)
            core._listeners = _Listeners(
                subscribers: core._listeners._subscribers + [subscriber], observers: core._listeners._observers)
            guard initial else { return false }
            if core._draining {
                core._queue.append(.deliverInitial(subscriber))
                return false
            }
            core._draining = true
            return true
        }
        if drainsNow {
            drain(startingWith: .deliverInitial(subscriber))
        }
        return Subscription { [weak self] in
            subscriber._cancelled.store(true, ordering: .relaxed)
            self?._core.withLock { core in
                core._listeners = _Listeners(
                    subscribers: core._listeners._subscribers.filter { $0 !== subscriber },
                    observers: core._listeners._observers)
            }
        }
    }

    // MARK: Draining

    @inlinable
    func submit(_ work: _Work) {
        let drainsNow = _core.withLock { core -> Bool in
            if core._draining {
                core._queue.append(work)
                return false
            }
            core._draining = true
            return true
        }
        if drainsNow {
            drain(startingWith: work)
        }
    }

    @inlinable
    func drain(startingWith first: _Work) {
        _drainingThread.store(_ThreadIdentity.current, ordering: .relaxed)
        var work = first
        while true {
            perform(work)
            let next = _core.withLock { core -> _Work? in
                if let next = core.popWork() {
                    return next
                }
                // Cleared under the lock so the next drainer's marker is never overwritten.
                _drainingThread.store(0, ordering: .relaxed)
                core._draining = false
                return nil
            }
            guard let next else { return }
            work = next
        }
    }

    @inlinable
    func perform(_ work: _Work) {
        switch work {
        case .action(let action, let chainIndex):
            _turn.add(1, ordering: .relaxed)
            if case .dropped = runChain(from: chainIndex, action: action) {
                let listeners = _core.withLock { $0._listeners }
                for observer in listeners._observers {
                    observer._receive(.dropped(action: action))
                }
            }
        case .replace(let state):
            let listeners = _core.withLock { core in
                core._state = state
                return core._listeners
            }
            for observer in listeners._observers {
                observer._receive(.travelled(state: state))
            }
            notify(listeners._subscribers, of: state)
        case .deliverInitial(let subscriber):
            if !subscriber.isCancelled {
                subscriber._deliverInitial()
            }
        case .commandFailed(let failure):
            _diagnostics.commandFailed(failure)
            let listeners = _core.withLock { $0._listeners }
            for observer in listeners._observers {
                observer._receive(.commandFailed(failure))
            }
        }
    }

    @inlinable
    func runChain(from index: Int, action: Action) -> DispatchOutcome {
        guard index < _middleware.count else {
            return apply(action)
        }
        return _middleware[index]._body(
            MiddlewareContext(store: self), action, MiddlewareNext(store: self, index: index + 1, turn: self._turn.load(ordering: .relaxed)))
    }

    @inlinable
    func resumeChain(at index: Int, action: Action, turn: UInt64) -> DispatchOutcome {
        if _drainingThread.load(ordering: .relaxed) == _ThreadIdentity.current && turn == self._turn.load(ordering: .relaxed) {
            return runChain(from: index, action: action)
        }
        submit(.action(action, chainIndex: index))
        return .deferred
    }

    @inlinable
    func apply(_ action: Action) -> DispatchOutcome {
        let thread = _ThreadIdentity.current
        let (state, rejection, listeners) = _core.withLock { core in
            _reducingThread.store(thread, ordering: .relaxed)
            defer { _reducingThread.store(0, ordering: .relaxed) }
            if _validators.isEmpty {
                _reducer._body(&core._state, action)
                return (core._state, Rejection?.none, core._listeners)
            }
            let old = core._state
            _reducer._body(&core._state, action)
            for validator in _validators {
                if let rejection = validator.validate(old: old, new: core._state, action: action) {
                    core._state = old
                    return (old, rejection, core._listeners)
                }
            }
            return (core._state, nil, core._listeners)
        }
        let outcome = rejection.map(DispatchOutcome.rejected) ?? .applied
        for observer in listeners._observers {
            if rejection == nil, let applied = observer._applied {
                applied(action, state)
            } else {
                observer._receive(.processed(action: action, state: state, outcome: outcome))
            }
        }
        if rejection == nil {
            notify(listeners._subscribers, of: state)
        }
        return outcome
    }

    @inlinable
    func notify(_ subscribers: [_Subscriber<State>], of state: State) {
        for subscriber in subscribers where !subscriber.isCancelled {
            subscriber._deliver(state)
        }
    }
}
