import Foundation
import StateJSON
import StateEncoding
import StateJournal
import StateStore
import Synchronization

// Safe because its mutable state sits behind Locked or atomics, and encoding runs on the writer thread, which owns what
// it touches.
/// Journals the actions and states of any store: the app calls ``record(_:state:site:)`` after its own
/// reducer ran, from a middleware, a subscriber or the dispatch function itself.
///
/// This is how an app with a store of its own adopts statedbg: ReSwift-style stores with struct actions
/// behind a `protocol Action`, several action enums, TCA-style reducers whose actions carry closures,
/// class states changed in place. Nothing in the app's declarations has to change: `Codable` actions
/// and states are recorded through `Codable` and can be replayed; anything else is recorded through
/// reflection, readable in every `statedbg` command and marked as not replayable.
///
/// ```swift
/// let recorder = try Recorder<AppState, any Action>(
///     journal: "users.jsonl", app: "users", initialState: store.state,
///     actions: ActionRegistry(AddUser.self, SetAge.self))
///
/// // A ReSwift middleware: let the action through, then record it with the new state.
/// let recording: Middleware<AppState> = { _, getState in { next in { action in
///     next(action)
///     if let state = getState() { recorder.record(action, state: state) }
/// } } }
/// ```
///
/// Recording costs the calling thread a lock and a queue slot: encoding and writing happen on a
/// background thread, at a cost proportional to what each action changed. A state that is a class or
/// holds objects is turned into JSON on the calling thread instead (see ``RecorderOptions/StateCapture``),
/// since its objects may change after the call returns.
///
/// Steps are numbered in the order ``record(_:state:site:)`` calls take the recorder's lock, from any
/// thread. Call ``close()`` when the app is done; at normal process exit, recorders still open are
/// closed for you, so queued steps reach the file as stdio buffers do. What a crash leaves depends on
/// ``RecorderOptions/durability``.
public final class Recorder<State, Action>: @unchecked Sendable {
    // `@unchecked`: the travel bookkeeping is behind `travel`'s lock, the snapshotter of an eager
    // recorder is used only under it, and the writer owns everything else.

    /// Where the recording goes: the path given, or a numbered one beside it when a file was
    /// already there (see ``ExistingJournalPolicy``).
    public let path: String
    /// The app's identifier in the journal's header.
    public let appID: String
    /// The options in force.
    public let options: RecorderOptions

    private let clock: @Sendable () -> Int64
    private let control: any JournalWriterControl
    /// The writer, when states are queued as Swift values and encoded on its thread.
    private let deferred: JournalWriterThread<State, Action>?
    /// The writer and snapshotter, when states are encoded on the calling thread and queued as JSON
    /// (a recorder that rolls over to new files or feeds a live channel: both need the writer to have the
    /// last state).
    private let eager: (writer: JournalWriterThread<EncodedState, Action>, states: StateSnapshotter<State>)?
    /// The writer, snapshotter and builder, when states are encoded, fingerprinted and diffed on the calling
    /// thread, and the writer is handed only each step's serialized patch (or keyframe) and fingerprint.
    ///
    /// Then nothing but the builder and the snapshotter holds a state's JSON arrays, and they hold only
    /// the last one: the snapshotter updates the arrays it made two steps before in place, instead of
    /// copying an array a queued step still held.
    private let prepared: (writer: JournalWriterThread<PreparedStepState, Action>, states: StateSnapshotter<State>,
                           builder: JournalBuilder)?
    private let travel: TravelBox
    /// The last few states, by step, for value states only; used under `travel`'s lock.
    private let recent: RecentStates<State>?
    private let setState: ((State) -> Void)?
    /// Whether a travel's new state comes back through the store's own events
    /// (``storeReplacedState(_:)``), as in ``RecordingStore``, rather than being journaled at once.
    let travelsEchoThroughStore: Bool
    /// The thread running `setState` during a travel: a ``record(_:state:site:)`` from it is the app's
    /// echo of the travel, not a new step.
    private let travellingThread = Atomic<UInt>(0)
    private var exitToken: RecorderExitFlush.Token?
    /// The live channel, when ``RecorderOptions/live`` or `STATEDBG_LIVE` asked for one and it opened.
    private let live: (server: LiveServer, control: RecorderLiveControl<State, Action>)?

    /// Starts recording into a new journal at `path`.
    ///
    /// - Parameters:
    ///   - path: The journal's path. When a file is there already, ``RecorderOptions/existingJournal``
    ///     decides (by default a new numbered file beside it; ``path`` says which).
    ///   - app: The app's identifier, stored in the header; `statedbg` finds the app's reducer by it.
    ///   - initialState: The state before the first recorded action.
    ///   - actions: The app's `Codable` action types, under the names their tags start with.
    ///   - actionSamples: One action of each kind, to describe the action types in the header's schema.
    ///   - options: Durability, snapshots, redaction, limits, call sites.
    ///   - setState: Sets the app's state, so that ``undo(_:)``, ``redo(_:)`` and ``jump(to:)`` act on
    ///     the app (as Redux DevTools' jump replaces the store's state). Without it they throw
    ///     ``RecorderError/timeTravelUnavailable``: a journal never holds states the app did not have.
    ///     It is called outside the recorder's lock, on the thread that calls ``undo(_:)``, ``redo(_:)`` or
    ///     ``jump(to:)``; a ``record(_:state:fileID:line:)`` it causes on the same thread is ignored.
    ///   - clock: Milliseconds since 1970 for each line's `time`; pass a fake for reproducible files.
    ///   - onError: Told once if the journal stops (a full disk, a state that cannot be encoded); the app
    ///     keeps running. It runs on the writer thread: hand the message to your own queue.
    /// - Throws: ``StateJournal/JournalError`` when the file cannot be created (or exists, under
    ///   ``ExistingJournalPolicy/fail``), or the error of encoding the initial state.
    public convenience init(
        journal path: String,
        app: String,
        initialState: State,
        actions: ActionRegistry = ActionRegistry(),
        actionSamples: [Action] = [],
        options: RecorderOptions = RecorderOptions(),
        setState: ((State) -> Void)? = nil,
        clock: @escaping @Sendable () -> Int64 = RecordingClock.wall,
        onError: @escaping @Sendable (String) -> Void = Recorder.reportToStandardError
    ) throws {
        let schema = AppSchema(initialState: initialState, actionSamples: actionSamples, actions: actions)
        try self.init(journal: path, app: app, schema: schema, initialState: initialState, actions: actions,
                      options: options, setState: setState, travelsEchoThroughStore: false,
                      clock: clock, onError: onError)
    }

    /// Starts recording `app` (its identifier, action types and samples) into a new journal at `path`.
    ///
    /// - Parameter initialState: The state before the first action; the app's own initial state when `nil`.
    public convenience init(
        app: AppDefinition<State, Action>,
        journal path: String,
        initialState: State? = nil,
        options: RecorderOptions = RecorderOptions(),
        setState: ((State) -> Void)? = nil,
        clock: @escaping @Sendable () -> Int64 = RecordingClock.wall,
        onError: @escaping @Sendable (String) -> Void = Recorder.reportToStandardError
    ) throws {
        try self.init(journal: path, app: app.id, schema: app.schema, initialState: initialState ?? app.makeInitialState(),
                      actions: app.actions, options: options, setState: setState, travelsEchoThroughStore: false,
                      clock: clock, onError: onError)
    }

    /// A recorder for a new journal; the designated path for both public initializers and ``RecordingStore``.
    convenience init(
        journal path: String, app: String, schema: AppSchema, initialState: State, actions: ActionRegistry,
        options: RecorderOptions, setState: ((State) -> Void)?, travelsEchoThroughStore: Bool,
        clock: @escaping @Sendable () -> Int64, onError: @escaping @Sendable (String) -> Void
    ) throws {
        let states = StateSnapshotter<State>.make()
        let eagerly = Self.capturesEagerly(initialState, options: options, inPlaceStore: travelsEchoThroughStore)
        // Before the initial state, so that the first step is encoded from it and not from scratch.
        if eagerly { states.keepOwnCopies() }
        let tree = options.redaction.apply(to: try states.encode(initialState))
        let makeHeader = Self.headerMaker(app: app, schema: schema, options: options, coding: states.coding, clock: clock)
        let builder = JournalBuilder(header: makeHeader(1, tree, nil), policy: options.keyframePolicy)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        let file = try options.existingJournal.create(at: path, header: bytes)
        self.init(file: file, builder: builder, appID: app, states: states, eagerly: eagerly, initialState: initialState,
                  actions: actions, options: options, setState: setState,
                  travelsEchoThroughStore: travelsEchoThroughStore, clock: clock, onError: onError,
                  makeRolloverHeader: { makeHeader($0, $1, $2) })
    }

    /// Makes the headers of a recorder's journal files: the first, and those it rolls over to.
    static func headerMaker(
        app: String, schema: AppSchema, options: RecorderOptions, coding: JournalHeader.StateCoding,
        clock: @escaping @Sendable () -> Int64
    ) -> @Sendable (_ firstStep: Int, _ state: JSONValue, _ previousFile: String?) -> JournalHeader {
        { firstStep, state, previous in
            var header = JournalHeader(
                tool: JournalFormat.tool, app: app,
                stateType: String(reflecting: State.self), actionType: String(reflecting: Action.self),
                schema: schema.jsonValue, schemaHash: schema.fingerprint,
                created: RecordingClock.iso8601(milliseconds: clock()), firstStep: firstStep, previousFile: previous,
                options: options.jsonValue, initialState: state, hash: 0)
            header.stateCoding = coding
            return header
        }
    }

    /// A recorder writing to an open journal whose builder stands after its last step.
    init(
        file: JournalFile, builder: JournalBuilder, appID: String, states: StateSnapshotter<State>, eagerly: Bool,
        initialState: State, actions: ActionRegistry, options: RecorderOptions,
        setState: ((State) -> Void)?, travelsEchoThroughStore: Bool,
        clock: @escaping @Sendable () -> Int64, onError: @escaping @Sendable (String) -> Void,
        makeRolloverHeader: @escaping @Sendable (Int, JSONValue, String) -> JournalHeader
    ) {
        path = file.path
        self.appID = appID
        self.options = options
        self.clock = clock
        self.setState = setState
        self.travelsEchoThroughStore = travelsEchoThroughStore
        let lastStep = builder.lastStep
        travel = TravelBox(TravelState(current: lastStep, lastStep: lastStep))
        let actionSnapshotter = ActionSnapshotter<Action>.make(registry: actions, redaction: options.redaction)
        live = Self.openLiveChannel(options: options, appID: appID, actions: actions, builder: builder,
                                    path: file.path, onError: onError, makeRolloverHeader: makeRolloverHeader)
        if eagerly, options.maxFileBytes == nil, live == nil {
            // Nothing may hold the app's state after a call, or the app's next change copies it whole.
            states.keepOwnCopies()
            let writer = JournalWriterThread<PreparedStepState, Action>(
                file: file,
                encoder: StepEncoder(states: PreparedStateSnapshotter(), actions: actionSnapshotter,
                                     redaction: options.redaction),
                builder: JournalBuilder(framingAfter: builder), options: options, onError: onError,
                makeRolloverHeader: makeRolloverHeader, live: nil)
            prepared = (writer, states, builder)
            eager = nil
            deferred = nil
            control = writer
            recent = nil
        } else if eagerly {
            // Nothing may hold the app's state after a call, or the app's next change copies it whole.
            states.keepOwnCopies()
            prepared = nil
            let writer = JournalWriterThread<EncodedState, Action>(
                file: file,
                encoder: StepEncoder(states: PassthroughSnapshotter(), actions: actionSnapshotter,
                                     redaction: options.redaction),
                builder: builder, options: options, onError: onError, makeRolloverHeader: makeRolloverHeader,
                live: live?.server)
            eager = (writer, states)
            deferred = nil
            control = writer
            recent = nil
        } else {
            let writer = JournalWriterThread<State, Action>(
                file: file, encoder: StepEncoder(states: states, actions: actionSnapshotter, redaction: options.redaction),
                builder: builder, options: options, onError: onError, makeRolloverHeader: makeRolloverHeader,
                live: live?.server)
            deferred = writer
            eager = nil
            prepared = nil
            control = writer
            let ring = RecentStates<State>(capacity: options.recentStates)
            ring.remember(lastStep, initialState)
            recent = ring
        }
        deferred?.start()
        eager?.writer.start()
        prepared?.writer.start()
        live?.control.withHooks { $0.recorder = self }
        exitToken = RecorderExitFlush.register { [weak self] in self?.closeQuietly() }
    }

    deinit {
        closeQuietly()
    }

    // MARK: Recording

    /// Journals `action` and the state the app's reducer made from it, as the next step, with the line
    /// of this call as where it was dispatched.
    ///
    /// Call it after the reducer ran, with the new state, from any thread. It never throws and never
    /// stops the app: if the journal stopped (see ``journalError``), the call does nothing. In a
    /// middleware the line of this call says little: use ``record(_:state:site:)`` with the site your
    /// dispatch function received, or `nil`.
    ///
    /// - Returns: The step number, or 0 when the recording is closed (or the call is the app's echo of
    ///   a time travel).
    @discardableResult
    public func record(_ action: Action, state: State, fileID: String = #fileID, line: Int = #line) -> Int {
        record(action, state: state, site: CallSite(fileID: fileID, line: line))
    }

    /// Journals `action` and the state the app's reducer made from it, as the next step, dispatched at
    /// `site` (`nil` when unknown).
    ///
    /// - Returns: The step number, or 0 when the recording is closed (or the call is the app's echo of
    ///   a time travel).
    @discardableResult
    public func record(_ action: Action, state: State, site: CallSite?) -> Int {
        let thread = currentThreadIdentity()
        if travellingThread.load(ordering: .relaxed) == thread { return 0 }
        let time = clock()
        let site = options.recordsCallSites ? site : nil
        return travel.withLock { travelState -> Int in
            guard !travelState.closed else { return 0 }
            let step = travelState.advance()
            let entry = RecorderEntry.step(step: step.number, time: time, parent: step.parent, site: site)
            if let deferred {
                // The state the ring lets go of is freed by the writer, not here (see `RecentStates`).
                let displaced = recent?.remember(step.number, state, limit: recentLimit(deferred, &travelState))
                deferred.queue.put(entry, action: action, state: state, discarding: displaced)
            } else if let eager {
                put(entry, action: action, state: state, into: eager)
            } else if let prepared {
                guard let tree = snapshot(state, with: prepared.states) else { return step.number }
                let content = prepared.builder.prepareStep(state: tree, parent: step.parent,
                                                           changes: prepared.states.arrayChanges)
                prepared.states.dropArrayChanges()
                prepared.writer.queue.put(entry, action: action, state: content)
            }
            return step.number
        }
    }

    /// Journals an action the app's validators refused (an event, not a step: the state did not change).
    public func recordRejected(_ action: Action, validator: String, reason: String) {
        let time = clock()
        travel.withLock { travelState in
            guard !travelState.closed else { return }
            let entry = RecorderEntry.rejected(after: travelState.lastStep, time: time,
                                               rejection: Rejection(validator: validator, reason: reason))
            if let deferred {
                deferred.queue.put(entry, action: action)
            } else if let eager {
                eager.writer.queue.put(entry, action: action)
            } else if let prepared {
                prepared.writer.queue.put(entry, action: action)
            }
        }
    }

    /// Journals that a command or effect failed, after the last step.
    public func recordFailure(command: String, message: String) {
        let time = clock()
        travel.withLock { travelState in
            guard !travelState.closed else { return }
            control.put(.commandError(after: travelState.lastStep, time: time, command: command, message: message))
        }
    }

    /// Writes a bookmark into the journal after the last step; `statedbg` can jump to it by name.
    public func mark(_ name: String) {
        let time = clock()
        travel.withLock { travelState in
            guard !travelState.closed else { return }
            control.put(.marker(after: travelState.lastStep, time: time, name: name))
        }
    }

    /// The last step whose line the writer has handed to the OS, as the durability policy promises.
    public var acknowledgedStep: Int { control.acknowledgedStep }

    /// The step whose state the app has now.
    public var currentStep: Int { travel.withLock { $0.current } }

    /// The number of the last step recorded.
    public var lastStep: Int { travel.withLock { $0.lastStep } }

    /// Why the journal stopped, if it did (a full disk, an unencodable state).
    public var journalError: String? { control.error }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { travel.withLock { $0.closed } }

    /// Waits until everything recorded so far has been handed to the OS.
    public func flush() {
        let done = DispatchSemaphore(value: 0)
        if control.put(.barrier(done)) { done.wait() }
    }

    /// Writes everything queued, closes the journal and stops recording; later calls record nothing.
    ///
    /// - Throws: ``RecorderError/journalStopped(_:)`` when the journal had stopped earlier (the message
    ///   says why and was also given to `onError`). The file is valid up to its last whole line either way.
    public func close() throws {
        closeQuietly()
        if let error = control.error { throw RecorderError.journalStopped(error) }
    }

    func closeQuietly() {
        let time = clock()
        let first = travel.withLock { state -> Bool in
            defer { state.closed = true }
            guard !state.closed else { return false }
            // The journal's last line says it was closed, so that a reader following it can stop.
            control.put(.closing(after: state.lastStep, time: time))
            return true
        }
        guard first else { return }
        control.closeQueue()
        control.waitUntilFinished()
        live?.server.close()
        // The app's hooks usually capture its store, which holds this recorder: let go of them, so
        // that a closed recorder and its store are freed.
        live?.control.withHooks { hooks in
            hooks.dispatch = nil
            hooks.pause = nil
            hooks.resume = nil
        }
        if let exitToken { RecorderExitFlush.unregister(exitToken) }
    }

    // MARK: Live channel

    /// Where the live channel listens, when the recorder opened one: the socket's path and the
    /// loopback TCP port with its token.
    public var liveEndpoints: (socketPath: String?, tcp: (port: UInt16, token: String)?)? {
        live.map { ($0.server.socketPath, $0.server.tcp) }
    }

    /// Lets `statedbg attach` act on the app through the live channel: dispatch actions, pause and
    /// resume its dispatching. (Jump, undo and redo use the `setState` given to the initializer.)
    ///
    /// Each hook runs on the live channel's thread. ``close()`` lets go of the hooks, so hooks that
    /// capture the store (which holds the recorder) do not keep either alive.
    ///
    /// - Parameters:
    ///   - dispatch: Dispatches an action, decoded from the debugger's JSON through the recorder's
    ///     action registry, to the app's store, as the app itself would.
    ///   - pause: Holds the app's dispatching: from now on the store queues actions instead of
    ///     reducing them (a middleware that stores them and does not call `next` does it).
    ///   - resume: Lets the store dispatch again, first the queued actions in order, and returns how many ran.
    ///
    /// ```swift
    /// recorder.liveControl(dispatch: { store.dispatch($0) },
    ///                      pause: { gate.hold() }, resume: { gate.release() })
    /// ```
    public func liveControl(dispatch: ((Action) -> Void)? = nil, pause: (() -> Void)? = nil,
                            resume: (() -> Int)? = nil) {
        live?.control.withHooks { hooks in
            hooks.dispatch = dispatch
            hooks.pause = pause
            hooks.resume = resume
        }
    }

    /// Opens the live channel the options or the environment ask for; a failure is told to
    /// `onError` and the app records on without it.
    private static func openLiveChannel(
        options: RecorderOptions, appID: String, actions: ActionRegistry, builder: JournalBuilder, path: String,
        onError: @Sendable (String) -> Void, makeRolloverHeader: @Sendable (Int, JSONValue, String) -> JournalHeader
    ) -> (server: LiveServer, control: RecorderLiveControl<State, Action>)? {
        guard let channel = options.live ?? RecorderOptions.LiveChannel.fromEnvironment() else { return nil }
        var header: [UInt8] = []
        if builder.lastStep == builder.header.firstStep - 1 {
            builder.writeHeader(into: &header)
        } else {
            // A resumed journal: the channel starts from the state it resumes at, in the journal's own
            // version, whose rule the streamed lines' hashes follow.
            let resumed = makeRolloverHeader(builder.lastStep + 1, builder.lastState, JournalWriterThread<State, Action>.fileName(path))
            builder.continuation(after: resumed, policy: options.keyframePolicy).writeHeader(into: &header)
        }
        let control = RecorderLiveControl<State, Action>(appID: appID, actions: actions, schema: builder.header.schema)
        do {
            let server = try LiveServer(configuration: channel, header: header, firstStep: builder.lastStep + 1,
                                        control: control)
            if channel.announces { announce(server) }
            return (server, control)
        } catch {
            onError("statedbg could not open the live channel, and records without it: \(error)")
            return nil
        }
    }

    private static func announce(_ server: LiveServer) {
        var lines: [String] = []
        if let socketPath = server.socketPath {
            lines.append("statedbg: live channel at \(socketPath); attach with: statedbg attach \(getpid())")
        }
        if let tcp = server.tcp {
            lines.append("statedbg: live channel on 127.0.0.1:\(tcp.port); attach with: statedbg attach 127.0.0.1:\(tcp.port) --token \(tcp.token)")
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    // MARK: Time travel

    /// Whether ``undo(_:)``, ``redo(_:)`` and ``jump(to:)`` can act on the app: it gave a `setState`.
    public var canTravel: Bool { setState != nil }

    /// Sets the app's state back `count` steps along the path that led to the current state.
    ///
    /// - Returns: The step the app is now at.
    /// - Throws: ``RecorderError/timeTravelUnavailable`` without a `setState`.
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

    /// Sets the app's state to the one it had after `step` (0 is the initial state).
    public func jump(to step: Int) throws {
        try travel(to: step, kind: .jump)
    }

    private func travel(to step: Int, kind: JournalEvent.TravelKind) throws {
        guard let setState else { throw RecorderError.timeTravelUnavailable }
        let (cached, last) = travel.withLock { [recent] in (recent?.state(after: step), $0.lastStep) }
        guard step >= 0, step <= last else { throw RecorderError.noSuchStep(step, last: last) }
        let target = try cached ?? readState(step)
        if travelsEchoThroughStore {
            // The store reports the new state in order with dispatched actions; it is journaled then.
            travel.withLock { $0.pending.append((kind, step)) }
            setState(target)
            return
        }
        travel.withLock { travelState in
            guard !travelState.closed else { return }
            let entry = travelState.travel(kind, to: step, time: clock())
            putTravel(entry, state: target)
        }
        let thread = currentThreadIdentity()
        travellingThread.store(thread, ordering: .relaxed)
        defer { travellingThread.store(0, ordering: .relaxed) }
        setState(target)
    }

    private func readState(_ step: Int) throws -> State {
        flush()
        guard let decodable = State.self as? any Decodable.Type else {
            throw RecorderError.travelNeedsDecodableState(step: step, stateType: String(reflecting: State.self))
        }
        // A redacted state would put the placeholders into the app's state.
        guard options.redaction.isEmpty else { throw RecorderError.travelNeedsUnredactedState(step: step) }
        if let error = control.error { throw RecorderError.journalStopped(error) }
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

    // MARK: Hooks for RecordingStore

    /// The store replaced its state: the echo of a travel asked for, or a state loaded from a file,
    /// which is journaled as a keyframe step.
    func storeReplacedState(_ newState: State) {
        let time = clock()
        travel.withLock { travelState in
            guard !travelState.closed else { return }
            guard !travelState.pending.isEmpty else {
                let step = travelState.advance()
                if let deferred { recent?.remember(step.number, newState, limit: recentLimit(deferred, &travelState)) }
                putTravel(.replacement(step: step.number, time: time, parent: step.parent), state: newState)
                return
            }
            let (kind, target) = travelState.pending.removeFirst()
            putTravel(travelState.travel(kind, to: target, time: time), state: newState)
        }
    }

    /// Journals a rejection reported by the store (the action did not change the state).
    func storeRejected(_ action: Action, _ rejection: Rejection) {
        recordRejected(action, validator: rejection.validator, reason: rejection.reason)
    }

    // MARK: Queueing

    /// How many recent states to keep, by the size of a whole state as the writer last saw it.
    ///
    /// Worked out again only when that size changed: asking `RecentStates<State>` costs this
    /// unspecialized generic code a runtime metadata lookup, about a quarter of what a counter step
    /// costs the dispatching thread.
    private func recentLimit(_ writer: JournalWriterThread<State, Action>, _ travelState: inout TravelState) -> Int {
        let stateBytes = writer.stateBytes.load(ordering: .relaxed)
        if let known = travelState.recentLimit, known.stateBytes == stateBytes { return known.limit }
        let limit = RecentStates<State>.limit(capacity: options.recentStates, stateBytes: stateBytes)
        travelState.recentLimit = (stateBytes, limit)
        return limit
    }

    /// Queues an entry that carries a state, under the travel lock.
    private func putTravel(_ entry: RecorderEntry, state: State) {
        if let deferred {
            deferred.queue.put(entry, state: state)
        } else if let eager {
            guard let tree = snapshot(state, with: eager) else { return }
            eager.writer.queue.put(entry, state: tree)
            eager.states.dropArrayChanges()
        } else if let prepared {
            guard let tree = snapshot(state, with: prepared.states) else { return }
            let content: PreparedStepState
            if case .replacement(_, _, let parent) = entry {
                content = prepared.builder.prepareStep(state: tree, parent: parent, keyframe: true,
                                                       changes: prepared.states.arrayChanges)
                prepared.states.dropArrayChanges()
            } else {
                content = PreparedStepState(keyframe: false, content: [], hash: prepared.builder.travel(to: tree))
            }
            prepared.writer.queue.put(entry, state: content)
        }
    }

    /// Queues a step of an eager recorder, its state turned into JSON here, under the travel lock.
    private func put(_ entry: RecorderEntry, action: Action, state: State,
                     into eager: (writer: JournalWriterThread<EncodedState, Action>, states: StateSnapshotter<State>)) {
        guard let tree = snapshot(state, with: eager) else { return }
        eager.writer.queue.put(entry, action: action, state: tree)
        eager.states.dropArrayChanges()
    }

    /// The state as JSON, with the encoder's notes for the writer's diff and fingerprint.
    private func snapshot(_ state: State,
                          with eager: (writer: JournalWriterThread<EncodedState, Action>, states: StateSnapshotter<State>))
        -> EncodedState?
    {
        do {
            let json = try eager.states.encode(state)
            return EncodedState(json: json, changes: eager.states.arrayChanges)
        } catch {
            eager.writer.queue.put(.stop(message: "statedbg could not encode a state for \(path) and stopped recording: \(error)"))
            return nil
        }
    }

    /// The state as the journal stores it (redacted), for a recorder that prepares steps on the calling
    /// thread; `nil` after queueing the stop, when it cannot be encoded.
    private func snapshot(_ state: State, with states: StateSnapshotter<State>) -> JSONValue? {
        do {
            return options.redaction.apply(to: try states.encode(state))
        } catch {
            control.put(.stop(message: "statedbg could not encode a state for \(path) and stopped recording: \(error)"))
            return nil
        }
    }

    /// Writes a message to standard error: the default for `onError`.
    public static func reportToStandardError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Whether states must be turned into JSON on the calling thread: when they are or hold objects,
    /// which the app may change after the call returns, and (unless the options say otherwise) when a
    /// store that changes its state in place (`inPlaceStore`, as ``RecordingStore``) has a state with
    /// storage to copy: a state the recorder still held would make each change copy that storage whole.
    /// Other values (`Codable` or not) are encoded later, on the writer's thread.
    ///
    /// The in-place case applies only where steps are prepared on the calling thread: without a file
    /// limit or a live channel, whose writer needs each state's JSON. Queued as JSON, the states would
    /// hold the arrays the encoder updates, which would then copy them whole on every step.
    static func capturesEagerly(_ initialState: State, options: RecorderOptions, inPlaceStore: Bool) -> Bool {
        switch options.stateCapture {
        case .onCallingThread:
            return true
        case .automatic where inPlaceStore && !_isPOD(State.self) && options.maxFileBytes == nil
            && options.redaction.isEmpty && options.live == nil && RecorderOptions.LiveChannel.fromEnvironment() == nil:
            return true
        case .automatic, .onWriterThread:
            guard !(State.self is AnyClass) else { return true }
            return ObjectReferenceScan.containsObject(initialState)
        }
    }
}

/// The calling thread's identity, for recognising a thread later.
func currentThreadIdentity() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}
