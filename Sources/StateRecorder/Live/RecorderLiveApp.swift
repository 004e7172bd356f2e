import StateJSON
import StateJournal
import StateLive
import StateSync

// Safe because `hooks` and `snapshots` are read and written only while their locks are held, and the recorder is weak
// and thread-safe (hence `@unchecked`).
/// A recorder's side of its live channel (a ``StateLive/LiveApp``): its answers to the debugger's
/// commands, with the hooks the app gave (``Recorder/liveControl(dispatch:pause:resume:)``) or
/// ``RecordingStore`` built in.
final class RecorderLiveApp<State, Action>: LiveApp, @unchecked Sendable {
    struct Hooks {
        weak var recorder: Recorder<State, Action>?
        var dispatch: ((Action) -> Void)?
        var pause: (() -> Void)?
        var resume: (() -> Int)?
        var paused = false
    }

    private let actions: ActionRegistry
    /// Reads the actions a debugger dispatches, with the schema of the app's header.
    private let input: LiveActionInput
    let appID: String
    /// Guards `hooks`, whose closures the app sets on its thread and the server calls on its own.
    private let hooksLock = Locked(())
    private var hooks = Hooks()
    /// Guards `snapshots`.
    private let snapshotsLock = Locked(())
    /// The journal as last read, read again only from where it ended, and the last state answered:
    /// a client asking for snapshot after snapshot costs the app one reading of each new line, not one
    /// of the whole journal per snapshot.
    private var snapshots = SnapshotCache()
    /// The traps debuggers set, tested at each recorded step.
    let traps: LiveTrapSet<State, Action>

    private struct SnapshotCache {
        var reader: JournalReader?
        var last: LiveSnapshot?
    }

    /// Reads or changes the hooks under their lock.
    func withHooks<Result>(_ body: (inout Hooks) throws(LiveCommandFailure) -> Result) throws(LiveCommandFailure) -> Result {
        try hooksLock.withLock { _ throws(LiveCommandFailure) -> Result in try body(&hooks) }
    }

    func withHooks<Result>(_ body: (inout Hooks) -> Result) -> Result {
        hooksLock.withLock { _ in body(&hooks) }
    }

    /// An app side whose recorder is set once it exists (``Hooks/recorder``).
    ///
    /// - Parameter schema: The `schema` of the journal's header, which describes the app's actions.
    init(appID: String, actions: ActionRegistry, schema: JSONValue = .null) {
        self.actions = actions
        self.appID = appID
        var shapes: [String: JSONValue] = [:]
        if case .object(let schema) = schema, case .object(let tags)? = schema["actions"] {
            for (tag, shape) in tags.members { shapes[tag] = shape }
        }
        input = LiveActionInput(shapes: shapes, registeredNames: actions.names)
        traps = LiveTrapSet(actions: actions)
    }

    private var recorder: Recorder<State, Action>? { withHooks { $0.recorder } }

    private func requireRecorder() throws(LiveCommandFailure) -> Recorder<State, Action> {
        guard let recorder, !recorder.isClosed else { throw LiveCommandFailure("The app closed its recorder.") }
        return recorder
    }

    var lastStep: Int { recorder?.lastStep ?? 0 }
    var currentStep: Int { recorder?.currentStep ?? 0 }
    var isPaused: Bool { withHooks { $0.paused } }

    var abilities: LiveAbilities {
        let travel = recorder?.canTravel ?? false
        return withHooks { LiveAbilities(travel: travel, dispatch: $0.dispatch != nil, pause: $0.pause != nil && $0.resume != nil) }
    }

    func jump(to step: Int) throws(LiveCommandFailure) -> Int {
        let recorder = try requireRecorder()
        do {
            try recorder.jump(to: step)
        } catch {
            throw LiveCommandFailure("\(error)")
        }
        return step
    }

    func undo(_ count: Int) throws(LiveCommandFailure) -> Int {
        do {
            return try requireRecorder().undo(count)
        } catch let failure as LiveCommandFailure {
            throw failure
        } catch {
            throw LiveCommandFailure("\(error)")
        }
    }

    func redo(_ count: Int) throws(LiveCommandFailure) -> Int {
        do {
            return try requireRecorder().redo(count)
        } catch let failure as LiveCommandFailure {
            throw failure
        } catch {
            throw LiveCommandFailure("\(error)")
        }
    }

    func dispatch(type: String, payload: JSONValue) throws(LiveCommandFailure) -> (label: String, queued: Bool) {
        _ = try requireRecorder()
        guard let dispatch = withHooks({ $0.dispatch }) else {
            throw LiveCommandFailure("This app does not take actions from the debugger: it gave its recorder no dispatch hook (Recorder.liveControl(dispatch:)).")
        }
        let (action, label) = try decode(type: type, payload: payload)
        let queued = isPaused
        dispatch(action)
        return (label, queued)
    }

    /// The app's action for a type and payload as a person typed them (see ``LiveActionInput``), with
    /// its label. Of the forms the payload may stand for, those that decode must agree.
    private func decode(type given: String, payload: JSONValue) throws(LiveCommandFailure) -> (Action, String) {
        let type = try input.tag(for: given)
        guard let entry = actions.entry(forTag: type) else { throw LiveCommandFailure(input.unknownType(given)) }
        var decoded: [(action: Action, label: String, form: JSONValue)] = []
        var firstFailure: String?
        var otherTag: String?
        for form in input.candidates(tag: type, payload: payload, registeredName: entry.name) {
            let value: Any
            do {
                value = try entry.decode(form)
            } catch {
                if firstFailure == nil { firstFailure = "\(error)" }
                continue
            }
            guard let action = value as? Action else {
                throw LiveCommandFailure("The action \(type) decodes as \(Swift.type(of: value)), which is not one of this app's actions (\(Action.self)).")
            }
            let described = actions.describer(for: action).describe(action)
            // `tracker.navigate` with a route names the action `tracker.navigate.settings`.
            guard described.type == type || described.type.hasPrefix(type + ".") else {
                if otherTag == nil { otherTag = described.type }
                continue
            }
            if !decoded.contains(where: { $0.label == described.label }) { decoded.append((action, described.label, form)) }
        }
        if decoded.count > 1 {
            let forms = decoded.map { "\($0.form.serializedText()) (\($0.label))" }
            throw LiveCommandFailure("The payload \(payload.serializedText()) is ambiguous for \(type): it reads as \(LiveActionInput.list(forms, or: true)); give the action's Codable form.")
        }
        if let only = decoded.first { return (only.action, only.label) }
        // A tag the app's schema does not list is most likely a typing mistake.
        if !input.knows(type), !input.shapes.isEmpty, !input.knowsCases(below: type) {
            throw LiveCommandFailure(input.unknownType(given))
        }
        if let otherTag, firstFailure == nil {
            throw LiveCommandFailure("The payload \(payload.serializedText()) is a \(otherTag) action, not a \(type) one; dispatch it as \(otherTag), or give a \(type) payload.")
        }
        throw LiveCommandFailure(input.mismatch(tag: type, payload: payload, detail: firstFailure ?? "it does not decode"))
    }

    func mark(_ name: String) {
        recorder?.mark(name)
    }

    func pause() throws(LiveCommandFailure) {
        _ = try requireRecorder()
        let pause = try withHooks { hooks throws(LiveCommandFailure) -> (() -> Void)? in
            guard let pause = hooks.pause, hooks.resume != nil else {
                throw LiveCommandFailure("This app cannot be paused from the debugger: it gave its recorder no pause and resume hooks (Recorder.liveControl(pause:resume:)).")
            }
            if hooks.paused { return nil }
            hooks.paused = true
            return pause
        }
        pause?()
    }

    func resume() throws(LiveCommandFailure) -> Int {
        _ = try requireRecorder()
        let resume = try withHooks { hooks throws(LiveCommandFailure) -> (() -> Int)? in
            guard let resume = hooks.resume else {
                throw LiveCommandFailure("This app cannot be paused from the debugger: it gave its recorder no pause and resume hooks (Recorder.liveControl(pause:resume:)).")
            }
            guard hooks.paused else { return nil }
            hooks.paused = false
            return resume
        }
        return resume?() ?? 0
    }

    func snapshot() throws(LiveCommandFailure) -> LiveSnapshot {
        let recorder = try requireRecorder()
        recorder.flush()
        let step = recorder.currentStep
        let path = recorder.path
        return try snapshotsLock.withLock { _ throws(LiveCommandFailure) -> LiveSnapshot in
            // A step's state never changes once journaled.
            if let last = snapshots.last, last.step == step { return last }
            do {
                let reader = try snapshots.reader?.withAppendedLines() ?? JournalReader(path: path)
                snapshots.reader = reader
                guard reader.contains(step: step) else {
                    throw LiveCommandFailure("The app's step \(step) is in an earlier file of its journal than \(path).")
                }
                let snapshot = LiveSnapshot(step: step, state: try reader.state(at: step))
                snapshots.last = snapshot
                return snapshot
            } catch let failure as LiveCommandFailure {
                throw failure
            } catch {
                // Read afresh next time: the file may have been cut or replaced.
                snapshots.reader = nil
                throw LiveCommandFailure("The app's state could not be read back from its journal: \(error)")
            }
        }
    }

    func journalFiles() throws(LiveCommandFailure) -> [String] {
        let recorder = try requireRecorder()
        recorder.flush()
        let files = recorder.journalFiles
        return (files.first.map(JournalPredecessors.files(before:)) ?? []) + files
    }

    func setTrap(_ trap: LiveTrap, owner: LiveClientID) throws(LiveCommandFailure) -> String {
        _ = try requireRecorder()
        // A `when` trap is met where its predicate becomes true: whether it holds now is the start.
        let now = if case .when = trap.condition { try? snapshot().state } else { JSONValue?.none }
        return try traps.set(trap, owner: owner, state: now)
    }

    func removeTrap(number: Int, owner: LiveClientID) -> Bool {
        traps.remove(number: number, owner: owner)
    }

    func removeTraps(owner: LiveClientID) {
        traps.removeAll(owner: owner)
    }
}
