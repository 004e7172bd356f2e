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
/// - `state`, the queue and the ``Listeners`` snapshot share one `Locked` value; the reducer and the
///   validators run while it is held, so nothing else sees a half-applied action.
/// - Exactly one thread drains at a time (`Core.draining`, set and cleared under the lock). Only that
///   thread runs middleware, observers and subscriber callbacks, and touches `turn`; callbacks run
///   with the lock released, so they may read `state`, dispatch, subscribe or cancel.
/// - `reducingThread` names the thread inside the reducer or validators; `dispatch` checks it before
///   taking the lock, which turns a would-be deadlock into a clear diagnostic.
public final class Store<State: Sendable, Action: Sendable>: @unchecked Sendable {
    @usableFromInline
    enum Work: Sendable {
        case action(Action, chainIndex: Int)
        case replace(State)
        case deliverInitial(Subscriber<State>)
        case commandFailed(CommandFailure)
    }

    @usableFromInline
    struct Core: ~Copyable {
        @usableFromInline var state: State
        @usableFromInline var queue: [Work] = []
        @usableFromInline var queueHead = 0
        @usableFromInline var draining = false
        /// Replaced, never mutated, so the drainer takes both lists with a single retain.
        @usableFromInline var listeners = Listeners<State, Action>(subscribers: [], observers: [])

        @inlinable
        init(state: State) {
            self.state = state
        }

        @inlinable
        mutating func popWork() -> Work? {
            guard queueHead < queue.count else { return nil }
            let work = queue[queueHead]
            queueHead += 1
            if queueHead == queue.count {
                queue.removeAll(keepingCapacity: true)
                queueHead = 0
            } else if queueHead >= 1024 && queueHead * 2 >= queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            return work
        }
    }

    @usableFromInline let core: Locked<Core>
    @usableFromInline let reducer: Reducer<State, Action>
    @usableFromInline let middleware: [Middleware<State, Action>]
    @usableFromInline let validators: [Validator<State, Action>]
    @usableFromInline let diagnostics: StoreDiagnostics
    @usableFromInline let drainingThread = Atomic<UInt>(0)
    @usableFromInline let reducingThread = Atomic<UInt>(0)
    /// Counts actions entering the chain, so a kept `next` can tell its turn is over. Atomic only to
    /// avoid the exclusivity checks of a class `var`; just the draining thread writes it.
    @usableFromInline let turn = Atomic<UInt64>(0)

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
        self.core = Locked(Core(state: initialState))
        self.reducer = reducer
        self.middleware = middleware
        self.validators = validators
        self.diagnostics = diagnostics
    }

    /// The current state.
    ///
    /// Read it from anywhere except a reducer, validator or selector (those run under the lock).
    @inlinable
    public var state: State {
        core.withLock { $0.state }
    }

    /// Sends `action` through the middleware, the reducer and the validators.
    ///
    /// Dispatching from a reducer or validator is a programmer error reported to
    /// ``StoreDiagnostics/dispatchInsideReducer``; the action is ignored.
    @inlinable
    public func dispatch(_ action: Action) {
        if reducingThread.load(ordering: .relaxed) == ThreadIdentity.current {
            reportDispatchInsideReducer(action)
            return
        }
        submit(.action(action, chainIndex: 0))
    }

    @usableFromInline
    func reportDispatchInsideReducer(_ action: Action) {
        diagnostics.dispatchInsideReducer(
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
        core.withLock { core in
            core.listeners = Listeners(
                subscribers: core.listeners.subscribers, observers: core.listeners.observers + [observer])
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
    func register(_ subscriber: Subscriber<State>, initial: Bool) -> Subscription {
        let drainsNow = core.withLock { core -> Bool in
            subscriber.register(core.state)
            core.listeners = Listeners(
                subscribers: core.listeners.subscribers + [subscriber], observers: core.listeners.observers)
            guard initial else { return false }
            if core.draining {
                core.queue.append(.deliverInitial(subscriber))
                return false
            }
            core.draining = true
            return true
        }
        if drainsNow {
            drain(startingWith: .deliverInitial(subscriber))
        }
        return Subscription { [weak self] in
            subscriber.cancelled.store(true, ordering: .relaxed)
            self?.core.withLock { core in
                core.listeners = Listeners(
                    subscribers: core.listeners.subscribers.filter { $0 !== subscriber },
                    observers: core.listeners.observers)
            }
        }
    }

    // MARK: Draining

    @inlinable
    func submit(_ work: Work) {
        let drainsNow = core.withLock { core -> Bool in
            if core.draining {
                core.queue.append(work)
                return false
            }
            core.draining = true
            return true
        }
        if drainsNow {
            drain(startingWith: work)
        }
    }

    @inlinable
    func drain(startingWith first: Work) {
        drainingThread.store(ThreadIdentity.current, ordering: .relaxed)
        var work = first
        while true {
            perform(work)
            let next = core.withLock { core -> Work? in
                if let next = core.popWork() {
                    return next
                }
                // Cleared under the lock so the next drainer's marker is never overwritten.
                drainingThread.store(0, ordering: .relaxed)
                core.draining = false
                return nil
            }
            guard let next else { return }
            work = next
        }
    }

    @inlinable
    func perform(_ work: Work) {
        switch work {
        case .action(let action, let chainIndex):
            turn.add(1, ordering: .relaxed)
            if case .dropped = runChain(from: chainIndex, action: action) {
                let listeners = core.withLock { $0.listeners }
                for observer in listeners.observers {
                    observer.receive(.dropped(action: action))
                }
            }
        case .replace(let state):
            let listeners = core.withLock { core in
                core.state = state
                return core.listeners
            }
            for observer in listeners.observers {
                observer.receive(.travelled(state: state))
            }
            notify(listeners.subscribers, of: state)
        case .deliverInitial(let subscriber):
            if !subscriber.isCancelled {
                subscriber.deliverInitial()
            }
        case .commandFailed(let failure):
            diagnostics.commandFailed(failure)
            let listeners = core.withLock { $0.listeners }
            for observer in listeners.observers {
                observer.receive(.commandFailed(failure))
            }
        }
    }

    @inlinable
    func runChain(from index: Int, action: Action) -> DispatchOutcome {
        guard index < middleware.count else {
            return apply(action)
        }
        return middleware[index].body(
            MiddlewareContext(store: self), action, MiddlewareNext(store: self, index: index + 1, turn: self.turn.load(ordering: .relaxed)))
    }

    @inlinable
    func resumeChain(at index: Int, action: Action, turn: UInt64) -> DispatchOutcome {
        if drainingThread.load(ordering: .relaxed) == ThreadIdentity.current && turn == self.turn.load(ordering: .relaxed) {
            return runChain(from: index, action: action)
        }
        submit(.action(action, chainIndex: index))
        return .deferred
    }

    @inlinable
    func apply(_ action: Action) -> DispatchOutcome {
        let thread = ThreadIdentity.current
        let (state, rejection, listeners) = core.withLock { core in
            reducingThread.store(thread, ordering: .relaxed)
            defer { reducingThread.store(0, ordering: .relaxed) }
            if validators.isEmpty {
                reducer.body(&core.state, action)
                return (core.state, Rejection?.none, core.listeners)
            }
            let old = core.state
            reducer.body(&core.state, action)
            for validator in validators {
                if let rejection = validator.validate(old: old, new: core.state, action: action) {
                    core.state = old
                    return (old, rejection, core.listeners)
                }
            }
            return (core.state, nil, core.listeners)
        }
        let outcome = rejection.map(DispatchOutcome.rejected) ?? .applied
        for observer in listeners.observers {
            if rejection == nil, let applied = observer.applied {
                applied(action, state)
            } else {
                observer.receive(.processed(action: action, state: state, outcome: outcome))
            }
        }
        if rejection == nil {
            notify(listeners.subscribers, of: state)
        }
        return outcome
    }

    @inlinable
    func notify(_ subscribers: [Subscriber<State>], of state: State) {
        for subscriber in subscribers where !subscriber.isCancelled {
            subscriber.deliver(state)
        }
    }
}
