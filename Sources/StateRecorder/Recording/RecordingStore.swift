import Foundation
import StateJSON
import StateJournal
import StateStore
import StateSync

/// A store that journals every action and resulting state to a JSON-lines file, and can travel back
/// and forth in time while the app runs.
///
/// It wraps a ``StateStore/Store`` and offers the same API to the app. Dispatch returns as soon as the
/// reducer has run: encoding and writing happen on a background thread, at a cost proportional to
/// what each action changed. See ``RecorderOptions`` for durability, snapshots, redaction and limits.
///
/// ```swift
/// let recorder = try RecordingStore(app: BankApp.app, journal: "bank.jsonl")
/// recorder.dispatch(.pay(from: .jenny, to: .donald, amount: 10))
/// try recorder.undo()            // the app sees the state before the payment
/// recorder.dispatch(.steal(from: .donald, amount: 5))   // continues from there; the file keeps both
/// try recorder.close()
/// ```
public final class RecordingStore<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: @unchecked Sendable {
    // `@unchecked`: the store is thread-safe, `travel` is behind a mutex, the writer owns its state.

    /// The wrapped store.
    public let store: Store<State, Action>
    /// The app being recorded.
    public let app: RecordableApp<State, Action>
    /// The journal's path.
    public let path: String
    /// The options in force.
    public let options: RecorderOptions

    private let writer: JournalWriterThread<State, Action>
    private let clock: @Sendable () -> Int64
    private let travel: TravelBox
    /// The last few states, by step; used only under `travel`'s lock.
    private let recent: RecentStates<State>

    /// Starts recording `app` into a new journal at `journal`.
    ///
    /// - Parameters:
    ///   - initialState: The first state; the app's own initial state when `nil`.
    ///   - middleware: The app's middleware, run as in a plain store.
    ///   - clock: Milliseconds since 1970 for each line's `time`; pass a fake for reproducible files.
    ///   - onError: Told once if the journal stops (a full disk); the app keeps running. It runs on the
    ///     journal's writer thread, which must get back to draining the queue: do not dispatch to this
    ///     store or call ``mark(_:)`` from it, but hand the message to your own queue.
    /// - Throws: ``StateJournal/JournalError`` when the file exists (without ``RecorderOptions/overwrite``)
    ///   or cannot be created, or an encoding error for a state that is not valid JSON.
    public convenience init(
        app: RecordableApp<State, Action>,
        journal path: String,
        options: RecorderOptions = RecorderOptions(),
        initialState: State? = nil,
        middleware: [Middleware<State, Action>] = [],
        clock: @escaping @Sendable () -> Int64 = RecordingClock.wall,
        diagnostics: StoreDiagnostics = .standard,
        onError: @escaping @Sendable (String) -> Void = RecordingStore.reportToStandardError
    ) throws {
        let state = initialState ?? app.initialState
        let encoder = StepEncoder<State, Action>(describer: app.describer, redaction: options.redaction)
        let tree = try encoder.encodeState(state)
        let builder = JournalBuilder(header: Self.header(app: app, options: options, firstStep: 1, state: tree,
                                                         previousFile: nil, clock: clock),
                                     policy: options.keyframePolicy)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        let file = try JournalFile.create(at: path, header: bytes, overwrite: options.overwrite)
        self.init(app: app, path: path, options: options, file: file, encoder: encoder, builder: builder, state: state,
                  middleware: middleware, clock: clock, diagnostics: diagnostics, onError: onError)
    }

    /// Reopens a journal written for `app`, rebuilds its last state and continues recording after it.
    ///
    /// A torn last line (the app died mid-write) is cut off and reported through `onError`; nothing
    /// before it is lost. With redaction on, hidden values come back as `"<redacted>"`.
    public static func resume(
        app: RecordableApp<State, Action>,
        journal path: String,
        options: RecorderOptions = RecorderOptions(),
        middleware: [Middleware<State, Action>] = [],
        clock: @escaping @Sendable () -> Int64 = RecordingClock.wall,
        diagnostics: StoreDiagnostics = .standard,
        onError: @escaping @Sendable (String) -> Void = RecordingStore.reportToStandardError
    ) throws -> RecordingStore {
        let reader = try JournalReader(path: path)
        guard reader.header.app == app.id else {
            throw JournalError(.malformed, path: path, line: 1, "the journal records the app \"\(reader.header.app)\", not \"\(app.id)\".")
        }
        if let torn = reader.torn { onError("\(path): \(torn); statedbg cut it off before resuming.") }
        let lastState = try reader.state(at: reader.lastStep)
        let state: State
        do {
            state = try JSONValueDecoder().decode(State.self, from: lastState)
        } catch {
            throw JournalError(.malformed, path: path, line: reader.line(ofStep: reader.lastStep),
                               "the state of step \(reader.lastStep) does not decode as \(State.self): \(error)")
        }
        let encoder = StepEncoder<State, Action>(describer: app.describer, redaction: options.redaction)
        let builder = JournalBuilder(continuing: reader.header, lastStep: reader.lastStep,
                                     state: try encoder.encodeState(state), policy: options.keyframePolicy)
        let file = try JournalFile.openForAppending(at: path, validLength: reader.validLength)
        let store = RecordingStore(app: app, path: path, options: options, file: file, encoder: encoder, builder: builder,
                                   state: state, middleware: middleware, clock: clock,
                                   diagnostics: diagnostics, onError: onError)
        store.mark("resumed")
        return store
    }

    private init(
        app: RecordableApp<State, Action>, path: String, options: RecorderOptions, file: JournalFile,
        encoder: StepEncoder<State, Action>, builder: JournalBuilder, state: State, middleware: [Middleware<State, Action>],
        clock: @escaping @Sendable () -> Int64, diagnostics: StoreDiagnostics, onError: @escaping @Sendable (String) -> Void
    ) {
        self.app = app
        self.path = path
        self.options = options
        self.clock = clock
        let lastStep = builder.lastStep
        travel = TravelBox(TravelState(current: lastStep, lastStep: lastStep))
        recent = RecentStates(capacity: options.recentStates)
        recent.remember(lastStep, state)
        let headerOptions = options
        writer = JournalWriterThread(
            file: file, encoder: encoder, builder: builder, options: options, onError: onError,
            makeRolloverHeader: { firstStep, tree, previous in
                Self.header(app: app, options: headerOptions, firstStep: firstStep, state: tree,
                            previousFile: previous, clock: clock)
            })
        store = app.makeStore(initialState: state, middleware: middleware, diagnostics: diagnostics)
        store.addObserver(StoreObserver(
            applied: { [writer, travel, recent, clock] action, state in
                Self.observeApplied(action, state, writer: writer, travel: travel, recent: recent, clock: clock)
            },
            otherwise: { [writer, travel, recent, clock] event in
                Self.observe(event, writer: writer, travel: travel, recent: recent, clock: clock)
            }))
        writer.start()
    }

    deinit {
        closeQuietly()
    }

    // MARK: The store's API

    /// The current state.
    public var state: State { store.state }

    /// Dispatches an action to the wrapped store; it is journaled once the reducer has run.
    public func dispatch(_ action: Action) {
        store.dispatch(action)
    }

    /// Runs a command on the wrapped store; a failure is journaled as a `commandError` event.
    @discardableResult
    public func run(_ command: Command<State, Action>) -> Task<Void, Never> {
        store.run(command)
    }

    // MARK: Recording

    /// The last step whose line the writer has handed to the OS, as the durability policy promises.
    public var acknowledgedStep: Int { writer.acknowledged.load(ordering: .acquiring) }

    /// The step whose state the app has now.
    public var currentStep: Int { travel.withLock { $0.current } }

    /// The number of the last step journaled (or being journaled).
    public var lastStep: Int { travel.withLock { $0.lastStep } }

    /// Why the journal stopped, if it did (a full disk, an unencodable state).
    public var journalError: String? { writer.error }

    /// Writes a bookmark into the journal after the current step.
    public func mark(_ name: String) {
        let after = travel.withLock { $0.lastStep }
        writer.queue.put(.marker(after: after, time: clock(), name: name))
    }

    /// Waits until everything dispatched so far has been handed to the OS.
    public func flush() {
        let done = DispatchSemaphore(value: 0)
        if writer.queue.put(.barrier(done)) { done.wait() }
    }

    /// Flushes, closes the journal and stops recording. The store keeps working unrecorded.
    public func close() throws {
        closeQuietly()
        if let error = writer.error { throw RecorderError.journalStopped(error) }
    }

    private func closeQuietly() {
        let first = travel.withLock { state -> Bool in
            defer { state.closed = true }
            return !state.closed
        }
        guard first else { return }
        writer.queue.close()
        writer.waitUntilFinished()
    }

    // MARK: Time travel

    /// Goes back `count` steps along the path that led to the current state.
    ///
    /// - Returns: The step the app is now at.
    @discardableResult
    public func undo(_ count: Int = 1) throws -> Int {
        let target = travel.withLock { state -> Int in
            var step = state.current
            for _ in 0..<max(0, count) where step > 0 { step = state.parent(of: step) }
            return step
        }
        try travel(to: target, kind: .undo)
        return target
    }

    /// Goes forward again after ``undo(_:)``, `count` times.
    @discardableResult
    public func redo(_ count: Int = 1) throws -> Int {
        let target = travel.withLock { state -> Int? in
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

    /// Puts the app in the state it had after `step` (0 is the initial state).
    public func jump(to step: Int) throws {
        try travel(to: step, kind: .jump)
    }

    private func travel(to step: Int, kind: JournalEvent.TravelKind) throws {
        let (cached, last) = travel.withLock { [recent] in (recent.state(after: step), $0.lastStep) }
        guard step >= 0, step <= last else { throw RecorderError.noSuchStep(step, last: last) }
        let target = try cached ?? readState(step)
        travel.withLock { $0.pending.append((kind, step)) }
        store.replaceState(target)
    }

    private func readState(_ step: Int) throws -> State {
        flush()
        let reader = try JournalReader(path: path)
        guard reader.contains(step: step) else {
            throw RecorderError.stepInEarlierFile(step, file: path)
        }
        let value = try reader.state(at: step)
        do {
            return try JSONValueDecoder().decode(State.self, from: value)
        } catch {
            throw RecorderError.undecodableState(step: step, detail: "\(error)")
        }
    }

    // MARK: Observing the store

    private static func observe(
        _ event: StoreEvent<State, Action>, writer: JournalWriterThread<State, Action>,
        travel: TravelBox, recent: RecentStates<State>, clock: @Sendable () -> Int64
    ) {
        // The entry is worked out under the travel lock and queued after it, with the action and state
        // it carries handed to the queue separately (see ``RecorderEntry``).
        switch event {
        case .processed(let action, let newState, let outcome):
            switch outcome {
            case .applied:
                observeApplied(action, newState, writer: writer, travel: travel, recent: recent, clock: clock)
            case .rejected(let rejection):
                guard let after = travel.withLock({ $0.closed ? nil : $0.lastStep }) else { return }
                writer.queue.put(.rejected(after: after, time: clock(), rejection: rejection), action: action)
            default:
                return
            }
        case .dropped:
            return
        case .commandFailed(let failure):
            guard let after = travel.withLock({ $0.closed ? nil : $0.lastStep }) else { return }
            writer.queue.put(.commandError(after: after, time: clock(), command: failure.command,
                                           message: "\(failure.error)"))
        case .travelled(let newState):
            guard let entry = travel.withLock({ state -> RecorderEntry? in
                guard !state.closed else { return nil }
                guard !state.pending.isEmpty else {
                    // The state was replaced from outside (loaded from a file): journal it as a step.
                    let step = state.advance()
                    recent.remember(step.number, newState)
                    return .replacement(step: step.number, time: clock(), parent: step.parent)
                }
                let (kind, target) = state.pending.removeFirst()
                switch kind {
                case .undo:
                    // Remember the way back, nearest step last, so redo retraces it one step at a time.
                    var step = state.current
                    var way: [Int] = []
                    while step != target && step > 0 {
                        way.append(step)
                        step = state.parent(of: step)
                    }
                    state.redo.append(contentsOf: way)
                case .redo:
                    while let next = state.redo.popLast(), next != target {}
                case .jump:
                    state.redo.removeAll()
                }
                state.current = target
                return .travel(after: state.lastStep, time: clock(), kind: kind, to: target)
            }) else { return }
            writer.queue.put(entry, state: newState)
        }
    }

    /// An applied action: the path taken on every step, kept free of generic enums (see ``RecorderEntry``).
    private static func observeApplied(
        _ action: Action, _ newState: State, writer: JournalWriterThread<State, Action>,
        travel: TravelBox, recent: RecentStates<State>, clock: @Sendable () -> Int64
    ) {
        guard let entry = travel.withLock({ state -> RecorderEntry? in
            guard !state.closed else { return nil }
            let step = state.advance()
            recent.remember(step.number, newState)
            return .step(step: step.number, time: clock(), parent: step.parent)
        }) else { return }
        writer.queue.put(entry, action: action, state: newState)
    }

    // MARK: Helpers

    /// The header of a new journal file; ``StateJournal/JournalBuilder`` fills in the hash.
    static func header(app: RecordableApp<State, Action>, options: RecorderOptions, firstStep: Int, state: JSONValue,
                       previousFile: String?, clock: () -> Int64) -> JournalHeader {
        let schema = app.schema
        return JournalHeader(
            tool: JournalFormat.tool, app: app.id,
            stateType: String(reflecting: State.self), actionType: String(reflecting: Action.self),
            schema: schema.jsonValue, schemaHash: schema.fingerprint,
            created: RecordingClock.iso8601(milliseconds: clock()), firstStep: firstStep, previousFile: previousFile,
            options: options.jsonValue, initialState: state, hash: 0)
    }

    /// Writes a message to standard error: the default for `onError`.
    public static func reportToStandardError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
