import StateJSON
import StateJournal
import StateStore

extension AppDefinition: RegisteredApp {
    public var stateTypeName: String { String(reflecting: State.self) }
    public var actionTypeName: String { String(reflecting: Action.self) }

    public func initialStateJSON() throws(ReplayError) -> JSONValue {
        do {
            return try StateSnapshotter<State>.make().encode(makeInitialState())
        } catch {
            throw .unencodableState(detail: "\(error)")
        }
    }

    public func makeReplayer(from state: JSONValue) throws(ReplayError) -> any Replayer {
        try DefinedAppReplayer(app: self, from: state)
    }

    public var canGenerate: Bool { randomAction != nil }

    public func record(to path: String, steps: Int, seed: UInt64, options: RecorderOptions,
                       clock: @escaping @Sendable () -> Int64, acknowledged: ((Int) -> Void)?) throws -> RecordingSummary {
        try record(to: path, steps: steps, seed: seed, options: options, clock: clock, acknowledged: acknowledged,
                   isCancelled: { false })
    }

    public func record(to path: String, steps: Int, seed: UInt64, options: RecorderOptions,
                       clock: @escaping @Sendable () -> Int64, acknowledged: ((Int) -> Void)?,
                       isCancelled: () -> Bool) throws -> RecordingSummary {
        guard let randomAction else { throw RecordingGenerationError.noGenerator(app: id) }
        var state = makeInitialState()
        // A stopped journal is thrown by `close()`; reporting it here as well would say it twice.
        let recorder = try Recorder(app: self, journal: path, initialState: state, options: options, clock: clock,
                                    onError: { _ in })
        var generator = SeededGenerator(seed: seed)
        let summary = GeneratedSession.run(
            steps: steps, acknowledged: acknowledged, isCancelled: isCancelled, lastStep: { recorder.lastStep }, acknowledgedStep: { recorder.acknowledgedStep },
            journalError: { recorder.journalError },
            applyNext: {
                let action = randomAction(state, &generator)
                var next = state
                reduce(&next, action)
                if let rejection = validate?(state, next, action) {
                    recorder.recordRejected(action, validator: rejection.validator, reason: rejection.reason)
                } else {
                    state = next
                    recorder.record(action, state: state, site: nil)
                }
            })
        try recorder.close()
        acknowledged?(recorder.acknowledgedStep)
        return summary
    }
}
