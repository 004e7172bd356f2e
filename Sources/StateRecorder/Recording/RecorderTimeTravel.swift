import Foundation
import StateEncoding
import StateJSON
import StateJournal
import StateSync

/// A recorder's undo, redo and jump: works out the step to go to, finds its state (in memory, or read
/// back from the journal), records the travel and gives the app the state the way its ``StateOwner``
/// takes it.
///
/// The journal never holds a state the app did not have: without a way to set the app's state, a
/// travel throws ``RecorderError/timeTravelUnavailable``.
///
/// Shared by the threads that record and travel: its step bookkeeping is behind the recorder's lock,
/// the travelling thread is atomic, and the rest is set once.
final class RecorderTimeTravel<State, Action> {
    private let owner: StateOwner<State>
    private let steps: TravelBox
    private let capture: any RecorderCapture<State, Action>
    private let clock: @Sendable () -> Int64
    /// The journal's path and redaction, for reading states back.
    private let path: String
    private let redaction: Redaction
    /// Waits until the writer has everything queued so far.
    private let flush: () -> Void
    /// The thread running `setState` during a travel: a record from it is the app's echo of the
    /// travel, not a new step.
    private let travellingThread = AtomicCell<UInt>(0)

    init(owner: StateOwner<State>, steps: TravelBox, capture: any RecorderCapture<State, Action>,
         clock: @escaping @Sendable () -> Int64, path: String, redaction: Redaction, flush: @escaping () -> Void) {
        self.owner = owner
        self.steps = steps
        self.capture = capture
        self.clock = clock
        self.path = path
        self.redaction = redaction
        self.flush = flush
    }

    /// Whether the app can travel: it gave a way to set its state.
    var isAvailable: Bool { owner.canTravel }

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
        let setState: (State) -> Void
        switch owner {
        case .app(nil): throw RecorderError.timeTravelUnavailable
        case .app(let given?): setState = given
        case .recordingStore(let replaceState): setState = replaceState
        }
        let (cached, last) = steps.withLock { (capture.recentState(after: step), $0.lastStep) }
        guard step >= 0, step <= last else { throw RecorderError.noSuchStep(step, last: last) }
        let target = try cached ?? readState(step)
        if case .recordingStore = owner {
            // The store reports the new state in order with dispatched actions; it is journaled then.
            steps.withLock { $0.pending.append((kind, step)) }
            setState(target)
            return
        }
        steps.withLock { state in
            guard !state.closed else { return }
            capture.putTravel(state.travel(kind, to: step, time: clock()), state: target)
        }
        travellingThread.store(ThreadIdentity.current, ordering: .relaxed)
        defer { travellingThread.store(0, ordering: .relaxed) }
        setState(target)
    }

    private func readState(_ step: Int) throws -> State {
        flush()
        guard let decodable = State.self as? any Decodable.Type else {
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
            guard let state = try Self.decode(decodable, from: value) as? State else {
                throw RecorderError.undecodableState(step: step, detail: "it decodes as another type")
            }
            return state
        } catch let error as RecorderError {
            throw error
        } catch {
            throw RecorderError.undecodableState(step: step, detail: "\(error)")
        }
    }

    private static func decode<Decoded: Decodable>(_: Decoded.Type, from value: JSONValue) throws -> Any {
        try JSONValueDecoder().decode(Decoded.self, from: value)
    }
}
