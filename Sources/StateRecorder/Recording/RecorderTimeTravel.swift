import Foundation
import StateEncoding
import StateJSON
import StateJournal
import StateSync

/// A recorder's undo, redo and jump: works out the step to go to, finds its state (in memory, or read
/// back from the journal), records the travel and gives the app the state the way its ``StateOwner``
/// takes it, on the app's executor.
///
/// The journal never holds a state the app did not have: without a way to set the app's state, a
/// travel throws ``RecorderError/timeTravelUnavailable``.
///
/// Shared by the threads that record and travel: its step bookkeeping is behind the recorder's lock,
/// the owner behind a lock of its own, the travelling thread and the travel under way are atomic, and
/// the rest is set once.
final class RecorderTimeTravel<State, Action> {
    private let owner: Locked<StateOwner<State>>
    private let steps: TravelBox
    private let capture: any RecorderCapture<State, Action>
    private let clock: @Sendable () -> Int64
    /// The journal's path and redaction, for reading states back.
    private let path: String
    private let redaction: Redaction
    /// Decodes a state read back from the journal; `nil` when the state type is not `Decodable`.
    /// Made where the recorder was made, where a main-actor type's conformance can be used.
    private let decodeState: StateDecoder<State>?
    /// How long the app's executor may take to start a travel's hook.
    private let timeout: Duration
    /// Waits until the writer has everything queued so far.
    private let flush: () -> Void
    /// The thread running the app's hook during a travel: a record from it is the app's echo of the
    /// travel, not a new step.
    private let travellingThread = AtomicCell<UInt>(0)
    /// The id of the ``TravelAction`` dispatched and not yet applied by the travelling reducer (0: none).
    private let travelUnderWay = AtomicCell<UInt64>(0)
    /// The id of the next ``TravelAction``.
    private let nextTravelID = AtomicCell<UInt64>(1)

    init(owner: StateOwner<State>, steps: TravelBox, capture: any RecorderCapture<State, Action>,
         clock: @escaping @Sendable () -> Int64, path: String, redaction: Redaction,
         decodeState: StateDecoder<State>?, timeout: Duration, flush: @escaping () -> Void) {
        self.owner = Locked(owner)
        self.steps = steps
        self.capture = capture
        self.clock = clock
        self.path = path
        self.redaction = redaction
        self.decodeState = decodeState
        self.timeout = timeout
        self.flush = flush
    }

    /// Gives an app's own store a way to travel (or another one); a ``RecordingStore``'s keeps its own.
    func setTravel(_ travel: AppTravel<State>) {
        owner.withLock { owner in
            if case .app = owner { owner = .app(travel) }
        }
    }

    /// Lets go of an app's travel hook once the recording is closed: the hook usually reaches the app's
    /// store, which may hold the recorder (through its travelling reducer), so that a closed recorder
    /// and the store are freed even when the app captured the store strongly.
    func letGoOfTheApp() {
        owner.withLock { owner in
            if case .app = owner { owner = .app(nil) }
        }
    }

    /// Where the app's travel hook runs, when it gave one.
    var executor: RecorderOptions.AppExecutor? { owner.withLock { $0.executor } }

    /// Whether the app can travel: it gave a way to set its state.
    var isAvailable: Bool { owner.withLock { $0.canTravel } }

    /// Whether a record on the calling thread is the app's echo of a travel in progress.
    func isEcho() -> Bool {
        travellingThread.load(ordering: .relaxed) == ThreadIdentity.current
    }

    /// Goes back `count` steps along the path that led to the current state; returns the step reached.
    func undo(_ count: Int) throws -> Int {
        let target = steps.withLock { state -> Int in
            var step = state.current
            for _ in 0..<max(0, count) where step > 0 { step = state.parent(of: step) }
            return step
        }
        try travel(to: target, kind: .undo)
        return target
    }

    /// Goes forward again after an undo, `count` times; returns the step reached.
    func redo(_ count: Int) throws -> Int {
        let target = steps.withLock { state -> Int? in
            var target: Int?
            var stack = state.redo
            for _ in 0..<max(0, count) {
                guard let next = stack.popLast() else { break }
                target = next
            }
            return target
        }
        guard let target else { throw RecorderError.nothingToRedo }
        try travel(to: target, kind: .redo)
        return target
    }

    /// Gives the app the state it had after `step`.
    func jump(to step: Int) throws {
        try travel(to: step, kind: .jump)
    }

    /// The store replaced its state: the echo of a travel asked for, or a state loaded from a file,
    /// which is journaled as a keyframe step.
    func storeReplacedState(_ newState: State) {
        let time = clock()
        steps.withLock { state in
            guard !state.closed else { return }
            state.resumeIfEnded(capture.writer, time: time)
            guard !state.pending.isEmpty else {
                let step = state.advance()
                capture.putReplacement(.replacement(step: step.number, time: time, parent: step.parent),
                                       step: step.number, parent: step.parent, state: newState)
                return
            }
            let (kind, target) = state.pending.removeFirst()
            capture.putTravel(state.travel(kind, to: target, time: time), state: newState)
        }
    }

    private func travel(to step: Int, kind: JournalEvent.TravelKind) throws {
        let owner = owner.withLock { $0 }
        if case .app(nil) = owner { throw RecorderError.timeTravelUnavailable }
        let (cached, last) = steps.withLock { (capture.recentState(after: step), $0.lastStep) }
        guard step >= 0, step <= last else { throw RecorderError.noSuchStep(step, last: last) }
        let target = try cached ?? readState(step)
        switch owner {
        case .app(nil):
            throw RecorderError.timeTravelUnavailable
        case .recordingStore(let replaceState):
            // The store reports the new state in order with dispatched actions; it is journaled then.
            try onExecutor(replaceState.executor, kind: kind) {
                steps.withLock { $0.pending.append((kind, step)) }
                replaceState(target)
            }
        case .app(.setState(let setState)?):
            try onExecutor(setState.executor, kind: kind) {
                steps.withLock { state in
                    guard !state.closed else { return }
                    state.resumeIfEnded(capture.writer, time: clock())
                    capture.putTravel(state.travel(kind, to: step, time: clock()), state: target)
                }
                echoing { setState(target) }
            }
        case .app(.dispatch(let dispatch)?):
            let action = TravelAction(step: step, kind: kind, state: target,
                                      id: nextTravelID.add(1, ordering: .relaxed).oldValue)
            let applied = try onExecutor(dispatch.executor, kind: kind) { () -> Bool in
                travelUnderWay.store(action.id, ordering: .relaxed)
                echoing { dispatch(action) }
                // The travelling reducer clears it when it applies the travel.
                return !travelUnderWay.compareExchange(expected: action.id, desired: 0, ordering: .relaxed).exchanged
            }
            guard applied else { throw RecorderError.travelNotApplied(step: step) }
        }
    }

    /// Runs a travel's hook on its executor; a hook the executor did not start in time never ran.
    private func onExecutor<Output>(_ executor: RecorderOptions.AppExecutor, kind: JournalEvent.TravelKind,
                                    _ work: () -> Output) throws(RecorderError) -> Output {
        do {
            return try executor.run(timeout: timeout, work)
        } catch {
            throw .appDidNotRun(kind.rawValue, timeout: error.timeout)
        }
    }

    /// Runs `body` as the travelling thread: what it records is the app's echo of the travel.
    private func echoing(_ body: () -> Void) {
        travellingThread.store(ThreadIdentity.current, ordering: .relaxed)
        defer { travellingThread.store(0, ordering: .relaxed) }
        body()
    }

    // MARK: The travelling reducer

    /// The state a travelling reducer returns for `action`, when it is the ``TravelAction`` under way;
    /// `nil` for any other action, which the app's reducer then reduces.
    ///
    /// Costs the app's reducer one relaxed atomic load while no travel is under way.
    @inline(__always)
    func arrived(_ action: Action) -> State? {
        guard travelUnderWay.load(ordering: .relaxed) != 0 else { return nil }
        return apply(action)
    }

    /// Applies the travel under way when `action` is it (itself, or the payload of the app's enum case
    /// that holds it), journaling it.
    private func apply(_ action: Action) -> State? {
        let travel = (action as? TravelAction<State>)
            ?? Mirror(reflecting: action).children.lazy.compactMap { $0.value as? TravelAction<State> }.first
        guard let travel, travelUnderWay.compareExchange(expected: travel.id, desired: 0, ordering: .relaxed).exchanged else {
            return nil
        }
        let time = clock()
        steps.withLock { state in
            guard !state.closed else { return }
            state.resumeIfEnded(capture.writer, time: time)
            capture.putTravel(state.travel(travel.kind, to: travel.step, time: time), state: travel.state)
        }
        return travel.state
    }

    private func readState(_ step: Int) throws -> State {
        flush()
        guard let decodeState else {
            throw RecorderError.travelNeedsDecodableState(step: step, stateType: String(reflecting: State.self))
        }
        // A redacted state would put the placeholders into the app's state.
        guard redaction.isEmpty else { throw RecorderError.travelNeedsUnredactedState(step: step) }
        if let error = capture.writer.error { throw RecorderError.journalStopped(error) }
        let reader = try JournalReader(path: path)
        guard reader.contains(step: step) else {
            throw RecorderError.stepInEarlierFile(step, file: path)
        }
        let value = try reader.state(at: step)
        do {
            return try decodeState.decode(value)
        } catch {
            throw RecorderError.undecodableState(step: step, detail: "\(error)")
        }
    }
}
