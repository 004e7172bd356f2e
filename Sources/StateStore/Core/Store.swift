import StateSync

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
/// - `state`, the queue and the `_Listeners` snapshot share one `Locked` value; the reducer and the
///   validators run while it is held, so nothing else sees a half-applied action.
/// - Exactly one thread drains at a time: the one whose identity it swapped into `drainingThread`
///   (from 0, atomically). Only that thread runs middleware, observers and subscriber callbacks, and
///   touches `turn`; callbacks run with the lock released, so they may read `state`, dispatch,
///   subscribe or cancel.
/// - Work is queued under the lock, and `queued` counts it. A dispatcher that could not claim the
///   store queues its work, then looks at `drainingThread` again; the drainer lets go of the claim,
///   then looks at `queued` again. Both are sequentially consistent, so at least one of them sees
///   the other and drains the queue: no work is left behind.
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
    /// Told each action just before the reducer applies it, after every middleware (see the package
    /// initializer that takes `willApply`).
    @usableFromInline let _willApply: (@Sendable (Action) -> Void)?
    /// The thread draining the queue, 0 when none: whoever swaps its identity in from 0 drains.
    @usableFromInline let _drainingThread = AtomicCell<UInt>(0)
    /// How much work waits in the queue; changed under the lock, read without it.
    @usableFromInline let _queued = AtomicCell<Int>(0)
    @usableFromInline let _reducingThread = AtomicCell<UInt>(0)
    /// Counts actions entering the chain, so a kept `next` can tell its turn is over. Atomic only to
    /// avoid the exclusivity checks of a class `var`; just the draining thread writes it.
    @usableFromInline let _turn = AtomicCell<UInt64>(0)

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - initialState: The first state.
    ///   - reducer: The pure function that applies actions.
    ///   - middleware: Run in order around the reducer for every action; the first is outermost.
    ///   - validators: Judge every new state; any rejection keeps the old one.
    ///   - diagnostics: Where programmer errors and failed commands are reported.
    public convenience init(
        initialState: State,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        validators: [Validator<State, Action>] = [],
        diagnostics: StoreDiagnostics = .standard
    ) {
        self.init(initialState: initialState, reducer: reducer, middleware: middleware, validators: validators,
                  diagnostics: diagnostics, willApply: nil)
    }

    /// Creates a store that tells `willApply` each action just before the reducer applies it, after
    /// every middleware had its say: what a recorder's innermost middleware would do, without making a
    /// store with no middleware of its own take the middleware chain (StateRecorder's flight recorder).
    package init(
        initialState: State,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>],
        validators: [Validator<State, Action>],
        diagnostics: StoreDiagnostics,
        willApply: (@Sendable (Action) -> Void)?
    ) {
        self._core = Locked(_Core(state: initialState))
        self._reducer = reducer
        self._middleware = middleware
        self._validators = validators
        self._diagnostics = diagnostics
        self._willApply = willApply
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
        let thread = ThreadIdentity.current
        if _reducingThread.load(ordering: .relaxed) == thread {
            _reportDispatchInsideReducer(action)
            return
        }
        guard _claim(thread) else {
            _enqueue(.action(action, chainIndex: 0), thread: thread)
            return
        }
        // The common case, without building a `_Work`: the store was idle, so this thread drains.
        _startAction(action, chainIndex: 0, thread: thread)
        drain(startingWith: nil, thread: thread)
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
                subscribers: core._listeners._subscribers, observers: core._listeners._observers + [_Observer(observer)])
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
        let thread = ThreadIdentity.current
        // Claimed before registering, so no action is applied between the baseline and the initial call.
        let drainsNow = initial && _claim(thread)
        _core.withLock { core in
            subscriber._register(core._state)
            core._listeners = _Listeners(
                subscribers: core._listeners._subscribers + [subscriber], observers: core._listeners._observers)
            if initial && !drainsNow {
                core._queue.append(.deliverInitial(subscriber))
                _queued.add(1, ordering: .sequentiallyConsistent)
            }
        }
        if drainsNow {
            drain(startingWith: .deliverInitial(subscriber), thread: thread)
        } else if initial {
            _drainIfAbandoned(thread: thread)
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

    /// Makes the calling thread the one that drains, if no thread is draining.
    @inlinable
    func _claim(_ thread: UInt) -> Bool {
        _drainingThread.compareExchange(expected: 0, desired: thread, ordering: .acquiring).exchanged
    }

    @inlinable
    func submit(_ work: _Work) {
        let thread = ThreadIdentity.current
        if _claim(thread) {
            drain(startingWith: work, thread: thread)
        } else {
            _enqueue(work, thread: thread)
        }
    }

    /// Queues work behind what is waiting, for the draining thread; drains it here if that thread let
    /// go of the store meanwhile.
    @usableFromInline
    func _enqueue(_ work: _Work, thread: UInt) {
        _core.withLock { core in
            core._queue.append(work)
            _queued.add(1, ordering: .sequentiallyConsistent)
        }
        _drainIfAbandoned(thread: thread)
    }

    /// After queueing: drains the queue when no thread is draining any more (the drainer found the
    /// queue empty just before this thread's work arrived).
    @usableFromInline
    func _drainIfAbandoned(thread: UInt) {
        if _drainingThread.load(ordering: .sequentiallyConsistent) == 0 && _claim(thread) {
            drain(startingWith: nil, thread: thread)
        }
    }

    /// The first work waiting in the queue, taken out of it.
    @usableFromInline
    func _pop() -> _Work? {
        _core.withLock { core in
            guard let work = core.popWork() else { return nil }
            _queued.subtract(1, ordering: .sequentiallyConsistent)
            return work
        }
    }

    /// Performs `first`, then whatever is queued, until the queue is empty; the caller has claimed the store.
    @inlinable
    func drain(startingWith first: _Work?, thread: UInt) {
        if let first {
            perform(first, thread: thread)
        }
        while true {
            if _queued.load(ordering: .relaxed) > 0, let next = _pop() {
                perform(next, thread: thread)
                continue
            }
            // Let go, then look again: a dispatcher that queued work just before sees the claim free
            // and drains it, or this thread sees its work here (see the invariants above).
            _drainingThread.store(0, ordering: .sequentiallyConsistent)
            if _queued.load(ordering: .sequentiallyConsistent) == 0 || !_claim(thread) {
                return
            }
        }
    }

    @inlinable
    func perform(_ work: _Work, thread: UInt) {
        switch work {
        case .action(let action, let chainIndex):
            _startAction(action, chainIndex: chainIndex, thread: thread)
        case .replace(let state):
            let listeners = _core.withLock { core in
                core._state = state
                return core._listeners
            }
            listeners._forEachObserver { $0._receive(.travelled(state: state)) }
            listeners._notifySubscribers(of: state)
        case .deliverInitial(let subscriber):
            if !subscriber.isCancelled {
                subscriber._deliverInitial()
            }
        case .commandFailed(let failure):
            _diagnostics.commandFailed(failure)
            let listeners = _core.withLock { $0._listeners }
            listeners._forEachObserver { $0._receive(.commandFailed(failure)) }
        }
    }

    /// Runs an action's turn: the chain from `chainIndex`, and tells observers when it was dropped.
    @inlinable
    func _startAction(_ action: Action, chainIndex: Int, thread: UInt) {
        // Only the draining thread writes the turn, so a load and a store do.
        _turn.store(_turn.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        if _middleware.isEmpty {
            _ = apply(action, thread: thread)
        } else if case .dropped = runChain(from: chainIndex, action: action) {
            let listeners = _core.withLock { $0._listeners }
            listeners._forEachObserver { $0._receive(.dropped(action: action)) }
        }
    }

    @inlinable
    func runChain(from index: Int, action: Action) -> DispatchOutcome {
        guard index < _middleware.count else {
            return apply(action, thread: ThreadIdentity.current)
        }
        return _middleware[index]._body(
            MiddlewareContext(store: self), action, MiddlewareNext(store: self, index: index + 1, turn: self._turn.load(ordering: .relaxed)))
    }

    @inlinable
    func resumeChain(at index: Int, action: Action, turn: UInt64) -> DispatchOutcome {
        if _drainingThread.load(ordering: .relaxed) == ThreadIdentity.current && turn == self._turn.load(ordering: .relaxed) {
            return runChain(from: index, action: action)
        }
        submit(.action(action, chainIndex: index))
        return .deferred
    }

    @inlinable
    func apply(_ action: Action, thread: UInt) -> DispatchOutcome {
        _willApply?(action)
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
        listeners._forEachObserver { observer in
            if rejection == nil, let applied = observer._applied {
                applied(action, state)
            } else {
                observer._receive(.processed(action: action, state: state, outcome: outcome))
            }
        }
        if rejection == nil {
            listeners._notifySubscribers(of: state)
        }
        return outcome
    }
}
