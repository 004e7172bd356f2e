import StateJournal

// The public ways to start a recorder for an app's own store; the recorder itself is in Recorder.swift.
extension Recorder {
    /// Starts recording into a new journal at `path`.
    ///
    /// - Parameters:
    ///   - path: The journal's path. When a file is there already, ``RecorderOptions/existingJournal``
    ///     decides (by default a new numbered file beside it; ``path`` says which). A relative path is
    ///     relative to the working directory, except in an app on an Apple platform, where it goes in the
    ///     app's Application Support folder (the Platforms article says where, and how to get it back).
    ///   - app: The app's identifier, stored in the header: `statedbg` finds the app's reducer by it,
    ///     and it prefixes the tags of the app's enum actions (`users.addUser`).
    ///   - initialState: The state before the first recorded action: the state the app's store has when
    ///     recording begins. The journal's header holds it, and step 0 is this state.
    ///   - actions: The app's `Codable` action types, each under the name its tags start with
    ///     (`ActionRegistry(AddUser.self, SetAge.self)`). Actions of these types are recorded through
    ///     `Codable` and can be replayed; others are recorded through reflection and marked not
    ///     replayable. The default registers none.
    ///   - actionSamples: One action of each kind, so that the header's schema describes the action
    ///     types (the fields of each enum case's payload) and `statedbg` can name a field that was
    ///     renamed since. Struct actions need none; the default is none.
    ///   - options: Durability, snapshots, redaction, limits, call sites, the live channel (see
    ///     ``RecorderOptions``); the defaults write every step to the OS as it comes.
    ///   - setState: Sets the app's state, so that ``undo(_:)``, ``redo(_:)`` and ``jump(to:)`` act on
    ///     the app (as Redux DevTools' jump replaces the store's state): `{ store.replace($0) }`, or
    ///     whatever your store offers. Without it (the default) they throw
    ///     ``RecorderError/timeTravelUnavailable``: a journal never holds states the app did not have.
    ///     A store whose state is read-only travels through its own dispatch instead (see
    ///     `travelling(_:)`), and one made after the recorder gets its `setState` later
    ///     (``travels(settingState:)``). It is called outside the recorder's lock, where
    ///     ``RecorderOptions/appExecutor`` says (by default on the main actor when the recorder is made
    ///     on the main thread); a ``record(_:state:fileID:line:)`` it causes on the same thread is ignored.
    ///   - clock: Milliseconds since 1970 for each line's `time`; by default the wall clock
    ///     (``RecordingClock/wall``). Pass a fake (``RecordingClock/fixed(start:step:)``) for reproducible files.
    ///   - onError: Told once if the journal stops (a full disk, a file size limit, a state that cannot be
    ///     encoded, or a step no reader would accept: nested deeper than `JournalLimits` (StateJournal) allow, or a line
    ///     over its size limit, which is refused rather than written) or the live channel cannot open; the
    ///     app keeps running and the journal stays valid up to its last whole step. By default the message goes to standard
    ///     error (``reportToStandardError(_:)``). It runs on the writer thread: hand the message to your
    ///     own queue.
    /// - Throws: `JournalError` (StateJournal) when the file cannot be created (or exists, under
    ///   ``ExistingJournalPolicy/fail``), or the error of encoding the initial state.
    public convenience init(
        journal path: String,
        app: String,
        initialState: State,
        actions: ActionRegistry = ActionRegistry(),
        actionSamples: [Action] = [],
        options: RecorderOptions = RecorderOptions(),
        setState: (@Sendable (State) -> Void)? = nil,
        clock: @escaping @Sendable () -> Int64 = RecordingClock.wall,
        onError: @escaping @Sendable (String) -> Void = Recorder.reportToStandardError
    ) throws {
        let schema = AppSchema(initialState: initialState, actionSamples: actionSamples, actions: actions)
        try self.init(journal: path, app: app, schema: schema, initialState: initialState, actions: actions,
                      options: options, owner: Self.owner(setState, options), clock: clock, onError: onError)
    }

    /// Starts recording `app` (its identifier, action types and samples) into a new journal at `path`.
    ///
    /// - Parameters:
    ///   - app: The app: its identifier, initial state, reducer, `Codable` action types and samples.
    ///   - path: The journal's path; as for ``init(journal:app:initialState:actions:actionSamples:options:setState:clock:onError:)``.
    ///   - initialState: The state before the first recorded action; the app's own initial state when
    ///     `nil` (the default). Pass the state your store has when recording begins.
    ///   - options: Durability, snapshots, redaction, limits, call sites, the live channel.
    ///   - setState: Sets the app's state for ``undo(_:)``, ``redo(_:)`` and ``jump(to:)``, where
    ///     ``RecorderOptions/appExecutor`` says; `nil` (the default) leaves the app without time travel
    ///     until it gives one (``travels(settingState:)``, ``travels(dispatching:)``).
    ///   - clock: Milliseconds since 1970 for each line's `time`; by default the wall clock.
    ///   - onError: Told once if the journal stops (a full disk, a state that cannot be encoded, a step
    ///     no reader would accept) or the live channel cannot open; by default standard error. It runs on
    ///     the writer thread.
    /// - Throws: `JournalError` (StateJournal) when the file cannot be created, or the error of encoding
    ///   the initial state.
    public convenience init(
        app: AppDefinition<State, Action>,
        journal path: String,
        initialState: State? = nil,
        options: RecorderOptions = RecorderOptions(),
        setState: (@Sendable (State) -> Void)? = nil,
        clock: @escaping @Sendable () -> Int64 = RecordingClock.wall,
        onError: @escaping @Sendable (String) -> Void = Recorder.reportToStandardError
    ) throws {
        try self.init(journal: path, app: app.id, schema: app.schema, schemaVersion: app.schemaVersion,
                      initialState: initialState ?? app.makeInitialState(), actions: app.actions, options: options,
                      owner: Self.owner(setState, options), clock: clock, onError: onError)
    }

    /// The owner of an app's own store, which travels through `setState` when it gave one.
    private static func owner(_ setState: (@Sendable (State) -> Void)?, _ options: RecorderOptions) -> StateOwner<State> {
        .app(setState.map { .setState(AppHook($0, on: options.resolvedAppExecutor)) })
    }
}
