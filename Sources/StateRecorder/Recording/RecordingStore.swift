import Foundation
import StateJSON
import StateEncoding
import StateJournal
import StateStore
import StateSync

// Safe because the store and the recorder are thread-safe and the pending call site is its own thread's (hence
// `@unchecked`).
/// A store that journals every action and resulting state to a JSON-lines file, and can travel back
/// and forth in time while the app runs.
///
/// It wraps a `Store` (StateStore) and offers the same API to the app; the journaling is a ``Recorder``'s,
/// fed from the store's events. Dispatch encodes, diffs and fingerprints the new state at a cost
/// proportional to what the action changed, without holding on to it (so the store's next change
/// happens in place), and queues the patch; writing happens on a background thread (see
/// ``RecorderOptions/StateCapture`` for the other way round). See
/// ``RecorderOptions`` for durability, snapshots, redaction and limits. Apps with a store of their own
/// use a ``Recorder`` directly.
///
/// ```swift
/// let recorder = try RecordingStore(app: BankApp.app, journal: "bank.jsonl")
/// recorder.dispatch(.pay(from: .jenny, to: .donald, amount: 10))
/// try recorder.undo()            // the app sees the state before the payment
/// recorder.dispatch(.steal(from: .donald, amount: 5))   // continues from there; the file keeps both
/// try recorder.close()
/// ```
public final class RecordingStore<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: @unchecked Sendable {
    /// The wrapped store.
    public let store: Store<State, Action>
    /// The app being recorded.
    public let app: RecordableApp<State, Action>
    /// The recorder that journals the store's events.
    public let recorder: Recorder<State, Action>
    /// The options in force.
    public var options: RecorderOptions { recorder.options }
    /// Where the recording goes: the path given, or a numbered one beside it when a file was already
    /// there (see ``ExistingJournalPolicy``).
    public var path: String { recorder.path }

    /// The call site of the dispatch in progress, for the step it makes.
    private let pendingSite = PendingCallSite()
    /// Holds dispatches while a live debugger has paused the app.
    @usableFromInline
    let _gate = _DispatchGate<Action>()

    /// Starts recording `app` into a new journal at `journal`.
    ///
    /// - Parameters:
    ///   - app: The app: its identifier (stored in the header, where `statedbg` finds the app by it),
    ///     its reducer, initial state and action type.
    ///   - path: The journal's path. When a file is there already, ``RecorderOptions/existingJournal``
    ///     decides (by default a new numbered file beside it; ``path`` says which). A relative path is
    ///     relative to the working directory, except in an app on an Apple platform, where it goes in the
    ///     app's Application Support folder (the Platforms article says where, and how to get it back).
    ///   - options: Durability, snapshots, redaction, limits, call sites, the live channel (see
    ///     ``RecorderOptions``); the defaults write every step to the OS as it comes.
    ///   - initialState: The first state; the app's own initial state when `nil` (the default).
    ///   - middleware: The app's middleware, run as in a plain store; none by default.
    ///   - clock: Milliseconds since 1970 for each line's `time`; by default the wall clock
    ///     (``RecordingClock/wall``). Pass a fake (``RecordingClock/fixed(start:step:)``) for reproducible files.
    ///   - diagnostics: What the store does when a reducer dispatches or a command fails; by default
    ///     `StoreDiagnostics.standard`.
    ///   - onError: Told once if the journal stops (a full disk, a file size limit, or a step no reader
    ///     would accept: nested deeper than `JournalLimits` allow, or a line over its size limit, which is
    ///     refused rather than written) or the live channel cannot open; the app keeps running and the
    ///     journal stays valid up to its last whole step. By default the message goes to standard error (``reportToStandardError(_:)``).
    ///     It runs on the journal's writer thread, which must get back to draining the queue: do not
    ///     dispatch to this store or call ``mark(_:)`` from it, but hand the message to your own queue.
    /// - Throws: `JournalError` (StateJournal) when the file cannot be created (or exists, under
    ///   ``ExistingJournalPolicy/fail``), or an encoding error for a state that is not valid JSON.
    public init(
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
        // A flight recorder hears of each action just before the reducer runs, after every middleware.
        let inFlight = options.flight.map { _ in ActionInFlightHook<State, Action>() }
        var willApply: (@Sendable (Action) -> Void)?
        if let inFlight { willApply = { action in inFlight.recorder?.actionInFlight(action) } }
        let store = app.makeStore(initialState: state, middleware: middleware, diagnostics: diagnostics, willApply: willApply)
        self.app = app
        self.store = store
        recorder = try Recorder(
            journal: path, app: app.id, schema: app.schema, schemaVersion: app.schemaVersion, initialState: state,
            actions: Self.registry(app), options: options, owner: Self.owner(of: store, options),
            clock: clock, onError: onError)
        inFlight?.recorder = recorder
        observe()
        connectLiveChannel()
    }

    /// Reopens a journal written for `app`, rebuilds its last state and continues recording after it.
    ///
    /// A torn last line (the app died mid-write) is cut off and reported through `onError`; nothing
    /// before it is lost. With redaction on, hidden values come back as `"<redacted>"`.
    ///
    /// - Parameters:
    ///   - app: The app the journal was written for; its identifier must be the header's.
    ///   - path: The journal to continue; a relative path is looked for where a new journal given by
    ///     it would have gone (in an app on an Apple platform, its Application Support folder).
    ///   - options: As for a new journal (``init(app:journal:options:initialState:middleware:clock:diagnostics:onError:)``).
    ///   - middleware: The app's middleware.
    ///   - clock: Milliseconds since 1970 for each new line's `time`.
    ///   - diagnostics: What the store does when a reducer dispatches or a command fails.
    ///   - onError: Told about a torn last line, and once if the journal stops.
    /// - Returns: A store holding the journal's last state, whose first new step follows the last one.
    /// - Throws: `JournalError` (StateJournal) when the file cannot be read, is another app's journal, was
    ///   recorded with another version of the app's types (``RecordableApp/schemaVersion``), or its last
    ///   state does not decode as `State`.
    public static func resume(
        app: RecordableApp<State, Action>,
        journal path: String,
        options: RecorderOptions = RecorderOptions(),
        middleware: [Middleware<State, Action>] = [],
        clock: @escaping @Sendable () -> Int64 = RecordingClock.wall,
        diagnostics: StoreDiagnostics = .standard,
        onError: @escaping @Sendable (String) -> Void = RecordingStore.reportToStandardError
    ) throws -> RecordingStore {
        // A relative path is looked for where a new journal given by it would have gone.
        let location = JournalLocation.platform
        let given = path
        let path = try location.resolve(given)
        let reader = try JournalReader(path: path)
        guard reader.header.app == app.id else {
            throw JournalError(.malformed, path: path, line: 1, "the journal records the app \"\(reader.header.app)\", not \"\(app.id)\".")
        }
        guard reader.header.schemaVersion == app.schemaVersion else {
            // Steps of today's types after steps of other types would make one journal that no migration reads.
            throw JournalError(.malformed, path: path, line: 1, "the journal was recorded with version \(reader.header.schemaVersion) of the app's types, "
                + "and the app is at version \(app.schemaVersion); migrate it first (`statedbg migrate \(path) -o NEW`) and resume NEW.")
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
        let store = app.makeStore(initialState: state, middleware: middleware, diagnostics: diagnostics)
        let owner = owner(of: store, options)
        let setup = RecorderSetup(initialState: state, options: options, owner: owner)
        let builder = JournalBuilder(continuing: reader.header, lastStep: reader.lastStep,
                                     state: options.redaction.apply(to: try setup.states.encode(state)),
                                     sites: try reader.callSites(after: reader.lastStep),
                                     siteInForce: try reader.siteInForce(after: reader.lastStep), policy: options.keyframePolicy)
        let file = try JournalFile.openForAppending(at: path, validLength: reader.validLength, disk: options.durability.disk)
        location.announce(given: given, opened: path)
        let makeHeader = setup.headerMaker(for: Action.self, app: app.id, schema: app.schema, schemaVersion: app.schemaVersion,
                                           options: options)
        let recorder = Recorder<State, Action>(
            file: file, builder: builder, appID: app.id, setup: setup, initialState: state,
            actions: try registry(app), options: options, owner: owner, clock: clock, onError: onError,
            makeRolloverHeader: { makeHeader($0, $1, $2, $3) })
        let resumed = RecordingStore(app: app, store: store, recorder: recorder)
        resumed.mark(JournalEvent.resumedMarkerName)
        return resumed
    }

    private init(app: RecordableApp<State, Action>, store: Store<State, Action>, recorder: Recorder<State, Action>) {
        self.app = app
        self.store = store
        self.recorder = recorder
        observe()
        connectLiveChannel()
    }

    /// The owner of the recorded state: `store`, which travels by replacing its state where
    /// ``RecorderOptions/appExecutor`` says (its subscribers hear of it there).
    private static func owner(of store: Store<State, Action>, _ options: RecorderOptions) -> StateOwner<State> {
        .recordingStore(replaceState: AppHook({ [weak store] in store?.replaceState($0) }, on: options.resolvedAppExecutor))
    }

    /// Lets a live debugger dispatch, pause and resume through this store (see ``RecorderOptions/live``).
    private func connectLiveChannel() {
        guard recorder.liveEndpoints != nil else { return }
        recorder.liveControl(
            dispatch: { [weak self] action in self?.dispatch(action, site: nil) },
            pause: { [_gate] in _gate.close() },
            resume: { [weak self] in
                guard let self else { return 0 }
                return _gate.open { action, site in self.dispatchNow(action, site: site) }
            })
    }

    /// The app's one action type, tagged with the app's identifier as before: `bank.pay`.
    private static func registry(_ app: RecordableApp<State, Action>) throws -> ActionRegistry {
        try ActionRegistry().registering(Action.self, as: app.id)
    }

    private func observe() {
        store.addObserver(StoreObserver(
            applied: { [recorder, pendingSite] action, state in
                recorder.record(action, state: state, site: pendingSite.take())
            },
            otherwise: { [recorder] event in
                switch event {
                case .processed(let action, _, .rejected(let rejection)):
                    recorder.storeRejected(action, rejection)
                case .processed, .dropped:
                    return
                case .commandFailed(let failure):
                    recorder.recordFailure(command: failure.command, message: "\(failure.error)")
                case .travelled(let newState):
                    recorder.storeReplacedState(newState)
                }
            }))
    }

    deinit {
        recorder.closeQuietly()
    }

    // MARK: The store's API

    /// The current state.
    public var state: State { store.state }

    /// Dispatches an action to the wrapped store; it is journaled once the reducer has run, with the
    /// line of this call as its site (see ``RecorderOptions/recordsCallSites``).
    // Inlinable so that the store's own inlinable dispatch is specialized for the app's types where it is
    // called: run unspecialized, its generic code looks type metadata up several times per action.
    ///
    /// While a live debugger has paused the app (``RecorderOptions/live``), the action is queued and
    /// runs when the debugger resumes it.
    @inlinable
    public func dispatch(_ action: Action, fileID: String = #fileID, line: Int = #line) {
        if _gate.isHeld, _gate._hold(action, site: CallSite(fileID: fileID, line: line)) { return }
        let holdsSite = _holdCallSite(fileID: fileID, line: line)
        store.dispatch(action)
        if holdsSite { _releaseCallSite() }
    }

    /// Dispatches with a known site (or none), through the gate.
    func dispatch(_ action: Action, site: CallSite?) {
        if _gate.isHeld, _gate._hold(action, site: site) { return }
        dispatchNow(action, site: site)
    }

    /// Dispatches to the store at once: a queued action on resume, or one from the debugger.
    private func dispatchNow(_ action: Action, site: CallSite?) {
        let holdsSite = site.map { recorder.options.recordsCallSites && pendingSite.set($0) } ?? false
        store.dispatch(action)
        if holdsSite { _releaseCallSite() }
    }

    /// Holds the site of the dispatch being made for the step it makes, when call sites are recorded.
    @usableFromInline
    func _holdCallSite(fileID: String, line: Int) -> Bool {
        recorder.options.recordsCallSites && pendingSite.set(CallSite(fileID: fileID, line: line))
    }

    @usableFromInline
    func _releaseCallSite() {
        pendingSite.clear()
    }

    /// Runs a command on the wrapped store; a failure is journaled as a `commandError` event.
    @discardableResult
    public func run(_ command: Command<State, Action>) -> Task<Void, Never> {
        store.run(command)
    }

    // MARK: Recording

    /// The last step whose line the writer has handed to the OS, as the durability policy promises.
    public var acknowledgedStep: Int { recorder.acknowledgedStep }

    /// The step whose state the app has now.
    public var currentStep: Int { recorder.currentStep }

    /// The number of the last step journaled (or being journaled).
    public var lastStep: Int { recorder.lastStep }

    /// Why the journal stopped, if it did (a full disk, an unencodable state).
    public var journalError: String? { recorder.journalError }

    /// Writes a bookmark into the journal after the current step.
    public func mark(_ name: String) {
        recorder.mark(name)
    }

    /// Waits until everything dispatched so far has been handed to the OS.
    public func flush() {
        recorder.flush()
    }

    /// Flushes, closes the journal and stops recording. The store keeps working unrecorded.
    public func close() throws {
        try recorder.close()
    }

    // MARK: Time travel

    /// Goes back `count` steps along the path that led to the current state.
    ///
    /// - Returns: The step the app is now at.
    @discardableResult
    public func undo(_ count: Int = 1) throws -> Int {
        try recorder.undo(count)
    }

    /// Goes forward again after ``undo(_:)``, `count` times.
    @discardableResult
    public func redo(_ count: Int = 1) throws -> Int {
        try recorder.redo(count)
    }

    /// Puts the app in the state it had after `step` (0 is the initial state).
    public func jump(to step: Int) throws {
        try recorder.jump(to: step)
    }

    /// Writes a message to standard error: the default for `onError`.
    public static func reportToStandardError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
