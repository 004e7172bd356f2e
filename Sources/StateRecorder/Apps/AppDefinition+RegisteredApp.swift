import StateJSON
import StateJournal

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
        var lastAcknowledged = 0
        var cancelled = false
        while recorder.lastStep < steps {
            if isCancelled() {
                cancelled = true
                break
            }
            if recorder.journalError != nil { break }
            let action = randomAction(state, &generator)
            reduce(&state, action)
            recorder.record(action, state: state, site: nil)
            if let acknowledged {
                let step = recorder.acknowledgedStep
                if step > lastAcknowledged {
                    lastAcknowledged = step
                    acknowledged(step)
                }
            }
        }
        let applied = recorder.lastStep
        try recorder.close()
        acknowledged?(recorder.acknowledgedStep)
        return RecordingSummary(applied: applied, rejected: 0, cancelled: cancelled)
    }
}
