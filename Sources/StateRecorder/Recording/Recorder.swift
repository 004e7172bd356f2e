import Foundation
import StateJSON
import StateEncoding
import StateJournal
import StateStore

// Safe because its step bookkeeping sits behind the steps' lock, every capture `put` runs under it, the writer thread
// owns what it encodes, and `exitToken` and `lifecycle` are set once, in `init` (hence `@unchecked`).
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
/// // A ReSwift middleware: say the action is in flight (for a flight recorder), let it through,
/// // then record it with the new state.
/// let recording: Middleware<AppState> = { _, getState in { next in { action in
///     recorder.actionInFlight(action)
///     next(action)
///     if let state = getState() { recorder.record(action, state: state) }
/// } } }
/// ```
///
/// Recording costs the calling thread a lock, a retain of the state and a queue slot: encoding, diffing,
/// fingerprinting, freeing old states and writing happen on a background thread, at a cost proportional
/// to what each action changed. A state whose type may hold objects (a class, an `any` existential, a
/// closure, an enum with payloads) is turned into JSON on the calling thread instead, since its objects
/// may change after the call returns: that costs the calling thread the encoding of what changed (see
/// ``RecorderOptions/StateCapture``).
///
/// Steps are numbered in the order ``record(_:state:site:)`` calls take the recorder's lock, from any
/// thread. Call ``close()`` when the app is done; at normal process exit, recorders still open are
/// closed for you, so queued steps reach the file as stdio buffers do. What a crash leaves depends on
/// ``RecorderOptions/durability``.
public final class Recorder<State, Action>: @unchecked Sendable {
    /// Where the recording goes: the path given, or a numbered one beside it when a file was
    /// already there (see ``ExistingJournalPolicy``).
    public let path: String
    /// The app's identifier in the journal's header.
    public let appID: String
    /// The options in force.
    public let options: RecorderOptions

    let clock: @Sendable () -> Int64
    /// The step bookkeeping, behind the lock that orders steps.
    let steps: TravelBox
    /// How states reach the writer: the writer mode.
    private let capture: any RecorderCapture<State, Action>
    /// Undo, redo and jump.
    let travel: RecorderTimeTravel<State, Action>
    /// The live channel, when ``RecorderOptions/live`` or `STATEDBG_LIVE` asked for one and it opened.
    let live: RecorderLiveChannel<State, Action>?
    private var exitToken: RecorderExitFlush.Token?
    /// Hears that the app goes to the background; set once, in `init`.
    private var lifecycle: AppLifecycleObserver?
    /// A flight recorder's kept steps (``RecorderOptions/flight``); set once, in `init`.
    let flight: FlightJournal?
    /// A flight recorder's action in flight, touched under the steps' lock; set once, in `init`.
    let inFlight: ActionInFlight<Action>?

    /// A recorder for a new journal; the path both public initializers and ``RecordingStore`` take.
    /// A relative `path` goes where `location` says (Application Support on Apple platforms).
    convenience init(
        journal path: String, app: String, schema: AppSchema, schemaVersion: Int = 1, initialState: State, actions: ActionRegistry,
        options: RecorderOptions, owner: StateOwner<State>,
        clock: @escaping @Sendable () -> Int64, onError: @escaping @Sendable (String) -> Void,
        location: JournalLocation = .platform
    ) throws {
        var options = options
        if let flight = options.flight {
            // The flight's rules are added to the options', and the header states them all.
            options.redaction = try options.redaction.adding(flight.redaction)
            options.maxFileBytes = nil
        }
        let given = path
        let setup = RecorderSetup(initialState: initialState, options: options, owner: owner)
        let tree = options.redaction.apply(to: try setup.states.encode(initialState))
        let makeHeader = setup.headerMaker(for: Action.self, app: app, schema: schema, schemaVersion: schemaVersion, options: options)
        let builder = JournalBuilder(header: makeHeader(1, tree, nil, clock()), policy: options.keyframePolicy)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        let file: JournalFile
        var flight: FlightJournal?
        if let recording = options.flight {
            let window = recording.window, journal = recording.journal.path
            // A crash journal an earlier run left is moved aside before this run can write over it.
            try recording.crashJournalArchive(at: recording.journal).setAside()
            // Nothing is written until a crash, a dump or the background; a file made and removed
            // beside the journal shows now that its directory takes one.
            file = try JournalFile.staging(for: journal)
            file.discard()
            flight = FlightJournal(window: window, header: bytes, lastStep: 0)
            if flight == nil { throw RecorderError.crashHandlersNotInstalled(reason: "no memory for the flight journal") }
        } else {
            let path = try location.resolve(given)
            file = try options.existingJournal.create(at: path, header: bytes, disk: options.durability.disk)
            location.announce(given: given, opened: file.path)
        }
        self.init(file: file, builder: builder, appID: app, setup: setup, initialState: initialState, actions: actions,
                  options: options, owner: owner, clock: clock, onError: onError,
                  makeRolloverHeader: { makeHeader($0, $1, $2, $3) }, flight: flight)
    }

    /// A recorder writing to an open journal whose builder stands after its last step.
    init(
        file: JournalFile, builder: JournalBuilder, appID: String, setup: RecorderSetup<State>, initialState: State,
        actions: ActionRegistry, options: RecorderOptions, owner: StateOwner<State>,
        clock: @escaping @Sendable () -> Int64, onError: @escaping @Sendable (String) -> Void,
        makeRolloverHeader: @escaping @Sendable (Int, JSONValue, String, Int64) -> JournalHeader, flight: FlightJournal? = nil
    ) {
        path = flight != nil ? options.flight?.journal.path ?? file.path : file.path
        self.flight = flight
        inFlight = flight.map { ActionInFlight(registry: actions, redaction: options.redaction, journal: $0) }
        self.appID = appID
        self.options = options
        self.clock = clock
        steps = TravelBox(TravelState(current: builder.lastStep, lastStep: builder.lastStep))
        live = setup.live.flatMap {
            RecorderLiveChannel.open($0, appID: appID, actions: actions, builder: builder, path: file.path,
                                     keyframePolicy: options.keyframePolicy, appTimeout: options.appExecutorTimeout, onError: onError,
                                     makeRolloverHeader: { makeRolloverHeader($0, $1, $2, clock()) })
        }
        capture = setup.mode.makeCapture(
            file: file, builder: builder, states: setup.states, initialState: initialState,
            actions: ActionSnapshotter<Action>.make(registry: actions, redaction: options.redaction), options: options,
            live: live, onError: onError, makeRolloverHeader: makeRolloverHeader, flight: flight)
        let writer = capture.writer
        travel = RecorderTimeTravel(owner: owner, steps: steps, capture: capture, clock: clock, path: file.path,
                                    redaction: options.redaction, decodeState: setup.decodeState,
                                    timeout: options.appExecutorTimeout, flush: { Self.flush(writer) })
        capture.start()
        live?.app.attach(self)
        exitToken = RecorderExitFlush.register { [weak self] in self?.closeQuietly() }
        if options.background != .ignore, let center = options.lifecycleNotifications.center {
            lifecycle = AppLifecycleObserver(center: center) { [weak self] event in
                self?.appIsLeaving(event)
            }
        }
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
    /// - Parameters:
    ///   - action: The action the app's reducer just applied.
    ///   - state: The state the reducer made from it.
    ///   - fileID: Where it was dispatched; this call's file unless given.
    ///   - line: Where it was dispatched; this call's line unless given.
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
        if travel.isEcho() { return 0 }
        let time = clock()
        let site = options.recordsCallSites ? site : nil
        let number = steps.withLock { bookkeeping -> Int in
            guard !bookkeeping.closed else { return 0 }
            bookkeeping.resumeIfEnded(capture.writer, time: time)
            let step = bookkeeping.advance()
            capture.putStep(.step(step: step.number, time: time, parent: step.parent, site: site),
                            step: step.number, parent: step.parent, action: action, state: state)
            flight?.noteRecorded(step.number)
            return step.number
        }
        // A trap a debugger set stops the app on this, its dispatching thread, outside the lock. Without
        // one, the step costs one atomic load: testing the traps themselves (a generic call that copies
        // the action and state) cost a counter's dispatch half its time again.
        if number > 0, live?.hasTraps == true { live?.trapIfMet(action, state: state, step: number) }
        return number
    }

    /// Journals an action the app's validators refused (an event, not a step: the state did not change).
    ///
    /// - Parameters:
    ///   - action: The action refused.
    ///   - validator: The validator's name, as `statedbg` shows it.
    ///   - reason: Why it refused, for a person.
    public func recordRejected(_ action: Action, validator: String, reason: String) {
        let time = clock()
        steps.withLock { bookkeeping in
            guard !bookkeeping.closed else { return }
            bookkeeping.resumeIfEnded(capture.writer, time: time)
            capture.putRejected(.rejected(after: bookkeeping.lastStep, time: time,
                                          rejection: Rejection(validator: validator, reason: reason)), action: action)
        }
    }

    /// Journals that a command or effect failed, after the last step.
    public func recordFailure(command: String, message: String) {
        let time = clock()
        steps.withLock { bookkeeping in
            guard !bookkeeping.closed else { return }
            bookkeeping.resumeIfEnded(capture.writer, time: time)
            capture.writer.put(.commandError(after: bookkeeping.lastStep, time: time, command: command, message: message))
        }
    }

    /// Writes a bookmark into the journal after the last step; `statedbg` can jump to it by name.
    public func mark(_ name: String) {
        let time = clock()
        steps.withLock { bookkeeping in
            guard !bookkeeping.closed else { return }
            bookkeeping.resumeIfEnded(capture.writer, time: time)
            capture.writer.put(.marker(after: bookkeeping.lastStep, time: time, name: name))
        }
    }

    /// The last step whose line the writer has handed to the OS, as the durability policy promises.
    public var acknowledgedStep: Int { capture.writer.acknowledgedStep }

    /// The step whose state the app has now.
    public var currentStep: Int { steps.withLock { $0.current } }

    /// The number of the last step recorded.
    public var lastStep: Int { steps.withLock { $0.lastStep } }

    /// Why the journal stopped, if it did (a full disk, an unencodable state).
    public var journalError: String? { capture.writer.error }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { steps.withLock { $0.closed } }

    /// Waits until everything recorded so far has been handed to the OS (and to the disk under
    /// ``RecorderOptions/Durability/everyStep(sync:)`` with `sync`), whatever
    /// ``RecorderOptions/durability`` says.
    ///
    /// The recorder flushes by itself at normal process exit and when the app goes to the background
    /// (``RecorderOptions/background``). An app that manages its own lifecycle (one killed without
    /// UIKit's or AppKit's notifications, a service stopped by a signal) calls it where it may be ended.
    public func flush() {
        Self.flush(capture.writer)
    }

    /// The app goes to the background, is about to terminate, or stops being the active app: flushes,
    /// and ends the journal for now where ``RecorderOptions/background`` says.
    func appIsLeaving(_ event: AppLifecycleObserver.Event) {
        if flight != nil {
            // A flight recorder writes what it kept: the app may be ended in the background.
            if event == .leaving, options.background != .ignore { dumpQuietly() }
            return
        }
        if event == .leaving, options.background == .flushAndEnd {
            let time = clock()
            steps.withLock { bookkeeping in
                guard !bookkeeping.closed, !bookkeeping.ended else { return }
                bookkeeping.ended = true
                capture.writer.put(.closing(after: bookkeeping.lastStep, time: time))
            }
        }
        flush()
    }

    /// The journal's files so far, oldest first: ``path``, then each one the recorder rolled over to.
    var journalFiles: [String] { capture.writer.files }

    private static func flush(_ writer: any JournalWriterControl) {
        let done = DispatchSemaphore(value: 0)
        if writer.put(.barrier(done)) { done.wait() }
    }

    /// Writes everything queued, closes the journal and stops recording; later calls record nothing.
    ///
    /// - Throws: ``RecorderError/journalStopped(_:)`` when the journal had stopped earlier (the message
    ///   says why and was also given to `onError`). The file is valid up to its last whole line either way.
    public func close() throws {
        closeQuietly()
        if let error = capture.writer.error { throw RecorderError.journalStopped(error) }
    }

    func closeQuietly() {
        let time = clock()
        let writer = capture.writer
        let first = steps.withLock { state -> Bool in
            defer { state.closed = true }
            guard !state.closed else { return false }
            // The journal's last line says it was closed, so that a reader following it can stop; a
            // journal ended when the app went to the background has that line already.
            if !state.ended { writer.put(.closing(after: state.lastStep, time: time)) }
            return true
        }
        guard first else { return }
        flight?.uninstallCrashHandlers()
        inFlight?.stopEncoder()
        writer.closeQueue()
        writer.waitUntilFinished()
        live?.close()
        travel.letGoOfTheApp()
        if let exitToken { RecorderExitFlush.unregister(exitToken) }
    }

    /// Writes a message to standard error: the default for `onError`.
    public static func reportToStandardError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    // MARK: Hooks for RecordingStore

    /// The store replaced its state: the echo of a travel asked for, or a state loaded from a file,
    /// which is journaled as a keyframe step.
    func storeReplacedState(_ newState: State) {
        travel.storeReplacedState(newState)
    }

    /// Journals a rejection reported by the store (the action did not change the state).
    func storeRejected(_ action: Action, _ rejection: Rejection) {
        recordRejected(action, validator: rejection.validator, reason: rejection.reason)
    }
}
