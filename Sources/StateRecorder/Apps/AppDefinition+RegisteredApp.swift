import StateJSON
import StateJournal
import StateStore

extension AppDefinition: RegisteredApp {
    /// The state type's full name, such as `UsersApp.State`.
    public var stateTypeName: String { String(reflecting: State.self) }
    /// The action type's full name, such as `UsersApp.Action`.
    public var actionTypeName: String { String(reflecting: Action.self) }

    /// The initial state, encoded as JSON.
    public func initialStateJSON() throws(ReplayError) -> JSONValue {
        do {
            return try conformances.makeSnapshotter().encode(makeInitialState())
        } catch {
            throw .unencodableState(detail: "\(error)")
        }
    }

    /// A replayer that starts from `state`, decoded into the app's state type.
    public func makeReplayer(from state: JSONValue) throws(ReplayError) -> any Replayer {
        try DefinedAppReplayer(app: self, from: state)
    }

    /// Whether the app has an action generator, so `statedbg record` can drive it.
    public var canGenerate: Bool { randomAction != nil }

    /// Records `steps` generated actions into a new journal at `path`, deterministically for `seed`.
    public func record(to path: String, steps: Int, seed: UInt64, options: RecorderOptions,
                       clock: @escaping @Sendable () -> Int64, acknowledged: ((Int) -> Void)?) throws -> RecordingSummary {
        try record(to: path, steps: steps, seed: seed, options: options, clock: clock, acknowledged: acknowledged,
                   isCancelled: { false })
    }

    /// Records like the overload above, stopping early (with a valid journal) when `isCancelled` returns `true`.
    public func record(to path: String, steps: Int, seed: UInt64, options: RecorderOptions,
                       clock: @escaping @Sendable () -> Int64, acknowledged: ((Int) -> Void)?,
                       isCancelled: () -> Bool) throws -> RecordingSummary {
        guard let randomAction else { throw RecordingGenerationError.noGenerator(app: id) }
        var state = makeInitialState()
        // A stopped journal is thrown by `close()`; reporting it here as well would say it twice.
        let recorder = try Recorder(app: self, journal: path, initialState: state, options: options, clock: clock,
                                    onError: { _ in })
        // In flight mode a crash of the reducer writes the kept steps and the action it was running.
        if options.flight != nil { try recorder.installCrashHandlers() }
        var generator = SeededGenerator(seed: seed)
        let summary = GeneratedSession.run(
            steps: steps, acknowledged: acknowledged, isCancelled: isCancelled, lastStep: { recorder.lastStep }, acknowledgedStep: { recorder.acknowledgedStep },
            journalError: { recorder.journalError },
            applyNext: {
                let action = randomAction(state, &generator)
                recorder.actionInFlight(action)
                var next = state
                reduce(&next, action)
                if let rejection = validate?(state, next, action) {
                    recorder.recordRejected(action, validator: rejection.validator, reason: rejection.reason)
                } else {
                    state = next
                    recorder.record(action, state: state, site: nil)
                }
            })
        // A flight recorder keeps its steps in memory: a session that ends without a crash writes them now.
        if let journal = options.flight?.journal { try recorder.dump(to: journal) }
        try recorder.close()
        acknowledged?(recorder.acknowledgedStep)
        return summary
    }
}
