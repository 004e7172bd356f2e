import Foundation
import StateJSON
import StateEncoding
import StateJournal

/// An app the `statedbg` tool knows, with its types erased so that tools can hold a list of them.
///
/// Every ``RecordableApp`` is one. The debugger uses it to replay recordings through the real reducer
/// ("reducer mode"), to check a recording's schema, and to record new sessions from the app's generator.
public protocol RegisteredApp: Sendable {
    /// The identifier in journal headers: `bank`.
    var id: String { get }
    /// One line for `statedbg examples`.
    var summary: String { get }
    /// The state type's full name, as journal headers record it.
    var stateTypeName: String { get }
    /// The action type's full name.
    var actionTypeName: String { get }
    /// The Swift expression that names this registration in the app's own code, such as `BankApp.app`
    /// or `UsersApp.definition`; `statedbg export --test` writes it into the tests it makes. `nil`
    /// (the default) when the registration does not say.
    var swiftName: String? { get }
    /// The module that declares the registration named by ``swiftName``, which exported tests import;
    /// `nil` (the default) when the registration does not say.
    var moduleName: String? { get }
    /// The app's schema.
    var schema: AppSchema { get }
    /// The version of the recorded types the app states, written in the headers of its journals
    /// (from 2); 1 (the default) until it states one.
    var schemaVersion: Int { get }
    /// How recordings made with earlier versions of the types read with these: one ``Migration`` from
    /// each earlier version; none by default.
    var migrations: [Migration] { get }
    /// The initial state, as JSON.
    func initialStateJSON() throws(ReplayError) -> JSONValue
    /// A replayer starting from `state` (a recording's initial state, or any step's).
    func makeReplayer(from state: JSONValue) throws(ReplayError) -> any Replayer
    /// Whether ``record(to:steps:seed:options:clock:)`` can make actions (the app has a generator).
    var canGenerate: Bool { get }
    /// Whether the app's functions belong to the main actor, which runs them while the replaying
    /// thread waits: statedbg's tools then replay its recordings one at a time, on their main thread.
    var runsOnMainActor: Bool { get }
    /// Records `steps` generated actions into a new journal, deterministically for a seed.
    ///
    /// - Parameters:
    ///   - path: The new journal.
    ///   - steps: How many actions to generate.
    ///   - seed: The seed of the generator: the same seed makes the same recording.
    ///   - options: The recorder's options.
    ///   - clock: Milliseconds since 1970 for each line's `time`.
    ///   - acknowledged: Called on the recording thread with the last step the writer has
    ///     handed to the OS, whenever it advances (at most once per dispatch); crash tests use it.
    /// - Returns: How many actions were applied and how many the validators rejected.
    func record(to path: String, steps: Int, seed: UInt64, options: RecorderOptions,
                clock: @escaping @Sendable () -> Int64, acknowledged: ((Int) -> Void)?) throws -> RecordingSummary
    /// Records like ``record(to:steps:seed:options:clock:acknowledged:)``, stopping early when
    /// `isCancelled` returns `true` (it is polled before each action).
    ///
    /// The journal is closed normally when it stops, so the file holds the steps recorded so far and is
    /// valid; ``RecordingSummary/cancelled`` says it stopped early.
    func record(to path: String, steps: Int, seed: UInt64, options: RecorderOptions,
                clock: @escaping @Sendable () -> Int64, acknowledged: ((Int) -> Void)?,
                isCancelled: () -> Bool) throws -> RecordingSummary
    /// Runs the app as a long-lived process recording into `path` (see ``ServeSettings``) until
    /// `isCancelled` returns `true`; `started` is told where the live channel listens.
    func serve(to path: String, settings: ServeSettings, isCancelled: @escaping () -> Bool,
               started: (_ socketPath: String?, _ tcp: (port: UInt16, token: String)?) -> Void) throws -> RecordingSummary
}

extension RegisteredApp {
    /// 1: a registration that states no version of its types has the first.
    public var schemaVersion: Int { 1 }

    /// None: a registration that states no version of its types has no migrations.
    public var migrations: [Migration] { [] }

    /// `nil`: a registration written before apps named themselves does not say how its code names it.
    public var swiftName: String? { nil }

    /// `false`: a registration runs its functions on any thread unless it says otherwise.
    public var runsOnMainActor: Bool { false }

    /// `nil`: a registration written before apps named themselves does not say which module declares it.
    public var moduleName: String? { nil }

    /// The module part of a type's full name: `UsersApp` for `UsersApp.AppState`.
    static func moduleName(of type: Any.Type) -> String {
        let name = String(reflecting: type)
        return name.split(separator: ".").first.map(String.init) ?? name
    }

    /// Records `steps` generated actions into a new journal, deterministically for a seed.
    public func record(to path: String, steps: Int, seed: UInt64, options: RecorderOptions,
                       clock: @escaping @Sendable () -> Int64) throws -> RecordingSummary {
        try record(to: path, steps: steps, seed: seed, options: options, clock: clock, acknowledged: nil)
    }

    /// Refuses: an app registered without a store statedbg can drive cannot be served.
    public func serve(to path: String, settings: ServeSettings, isCancelled: @escaping () -> Bool,
                      started: (_ socketPath: String?, _ tcp: (port: UInt16, token: String)?) -> Void) throws -> RecordingSummary {
        throw RecordingGenerationError.cannotServe(app: id)
    }

    /// Records without polling `isCancelled`, for apps written before cancellation existed.
    public func record(to path: String, steps: Int, seed: UInt64, options: RecorderOptions,
                       clock: @escaping @Sendable () -> Int64, acknowledged: ((Int) -> Void)?,
                       isCancelled: () -> Bool) throws -> RecordingSummary {
        try record(to: path, steps: steps, seed: seed, options: options, clock: clock, acknowledged: acknowledged)
    }
}

/// What ``RegisteredApp/record(to:steps:seed:options:clock:)`` did.
public struct RecordingSummary: Sendable, Equatable {
    /// Actions applied (steps in the journal).
    public var applied: Int
    /// Actions rejected by validators (events in the journal).
    public var rejected: Int
    /// Whether recording stopped early because it was cancelled.
    public var cancelled = false

    /// A summary of a recording that applied `applied` actions and saw `rejected` rejected.
    public init(applied: Int, rejected: Int, cancelled: Bool = false) {
        self.applied = applied
        self.rejected = rejected
        self.cancelled = cancelled
    }
}

extension RecordableApp: RegisteredApp {
    /// The state type's full name, such as `UsersApp.State`.
    public var stateTypeName: String { String(reflecting: State.self) }
    /// The action type's full name, such as `UsersApp.Action`.
    public var actionTypeName: String { String(reflecting: Action.self) }

    /// The initial state, encoded as JSON.
    public func initialStateJSON() throws(ReplayError) -> JSONValue {
        do {
            return try JSONValueEncoder().encode(initialState)
        } catch {
            throw .unencodableState(detail: "\(error)")
        }
    }

    /// A replayer that starts from `state`, decoded into the app's state type.
    public func makeReplayer(from state: JSONValue) throws(ReplayError) -> any Replayer {
        let decoded: State
        do {
            decoded = try JSONValueDecoder().decode(State.self, from: state)
        } catch {
            throw .undecodableState(detail: "\(error)")
        }
        return try TypedReplayer(app: self, state: decoded)
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
        // A stopped journal is thrown by `close()`; reporting it here as well would say it twice.
        let recorder = try RecordingStore(app: self, journal: path, options: options, clock: clock, onError: { _ in })
        // In flight mode a crash of the reducer writes the kept steps and the action it was running.
        if options.flight != nil { try recorder.recorder.installCrashHandlers() }
        var generator = SeededGenerator(seed: seed)
        let summary = GeneratedSession.run(
            steps: steps, acknowledged: acknowledged, isCancelled: isCancelled, lastStep: { recorder.lastStep }, acknowledgedStep: { recorder.acknowledgedStep },
            journalError: { recorder.journalError },
            // Generated actions have no call site worth keeping: it would be this line.
            // A flight recorder hears of each action from the store's innermost middleware.
            applyNext: { recorder.store.dispatch(randomAction(recorder.state, &generator)) })
        // A flight recorder keeps its steps in memory: a session that ends without a crash writes them now.
        if let journal = options.flight?.journal { try recorder.recorder.dump(to: journal) }
        try recorder.close()
        acknowledged?(recorder.acknowledgedStep)
        return summary
    }
}

extension RecordableApp {
    /// Serves the app through a ``RecordingStore``: generated actions go through its `dispatch`, so a
    /// debugger's pause holds them too.
    public func serve(to path: String, settings: ServeSettings, isCancelled: @escaping () -> Bool,
                      started: (_ socketPath: String?, _ tcp: (port: UInt16, token: String)?) -> Void) throws -> RecordingSummary {
        var options = settings.options
        // This loop never runs the main queue, and statedbg's store is thread-safe: the debugger's commands
        // run on the live channel's thread.
        if options.appExecutor == nil { options.appExecutor = .anyThread }
        let recorder = try RecordingStore(app: self, journal: path, options: options, clock: settings.clock)
        started(recorder.recorder.liveEndpoints?.socketPath, recorder.recorder.liveEndpoints?.tcp.map { ($0.port, $0.token) })
        var generator = SeededGenerator(seed: settings.seed)
        var generated = 0
        while !isCancelled() {
            if settings.intervalMilliseconds > 0, let randomAction, generated < settings.maxSteps ?? .max {
                // Generated actions have no call site worth keeping: it would be this line.
                recorder.dispatch(randomAction(recorder.state, &generator), site: nil)
                generated += 1
            }
            // Sleeps in slices so that cancellation is noticed within 50 ms.
            var remaining = settings.intervalMilliseconds > 0 ? settings.intervalMilliseconds : 50
            while remaining > 0, !isCancelled() {
                let slice = min(remaining, 50)
                usleep(UInt32(slice) * 1000)
                remaining -= slice
            }
        }
        try recorder.close()
        return RecordingSummary(applied: recorder.lastStep, rejected: 0, cancelled: true)
    }
}

/// Why an app could not record a generated session.
public enum RecordingGenerationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The app registered no action generator.
    case noGenerator(app: String)
    /// The app's registration cannot run as a long-lived process.
    case cannotServe(app: String)

    /// The sentence `statedbg record` prints, saying what to add to the app.
    public var description: String {
        switch self {
        case .noGenerator(let app):
            "The app \"\(app)\" has no action generator, so statedbg cannot drive it; give its RecordableApp a randomAction closure."
        case .cannotServe(let app):
            "The app \"\(app)\" cannot be served: only apps registered as a RecordableApp run as a live process."
        }
    }
}
