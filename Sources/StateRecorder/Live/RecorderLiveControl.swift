import StateJSON
import StateJournal
import Foundation

// Safe because the hooks are behind their lock and the recorder is weak and thread-safe (hence `@unchecked`).
/// A recorder's answers to the live channel's commands, with the hooks the app gave
/// (``Recorder/liveControl(dispatch:pause:resume:)``) or ``RecordingStore`` built in.
final class RecorderLiveControl<State, Action>: LiveAppControl, @unchecked Sendable {
    // `@unchecked`: the hooks are behind `hooks`' lock; the recorder is weak and thread-safe.

    struct Hooks {
        weak var recorder: Recorder<State, Action>?
        var dispatch: ((Action) -> Void)?
        var pause: (() -> Void)?
        var resume: (() -> Int)?
        var paused = false
    }

    private let actions: ActionRegistry
    let appID: String
    private let lock = NSLock()
    private var _hooks = Hooks()

    /// Reads or changes the hooks under the control's lock.
    func withHooks<Result>(_ body: (inout Hooks) throws(LiveCommandFailure) -> Result) throws(LiveCommandFailure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&_hooks)
    }

    func withHooks<Result>(_ body: (inout Hooks) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&_hooks)
    }

    /// A control whose recorder is set once it exists (``Hooks/recorder``).
    init(appID: String, actions: ActionRegistry) {
        self.actions = actions
        self.appID = appID
    }

    private var recorder: Recorder<State, Action>? { withHooks { $0.recorder } }

    private func requireRecorder() throws(LiveCommandFailure) -> Recorder<State, Action> {
        guard let recorder, !recorder.isClosed else { throw LiveCommandFailure("The app closed its recorder.") }
        return recorder
    }

    var lastStep: Int { recorder?.lastStep ?? 0 }
    var currentStep: Int { recorder?.currentStep ?? 0 }
    var isPaused: Bool { withHooks { $0.paused } }

    var abilities: (travel: Bool, dispatch: Bool, pause: Bool) {
        let travel = recorder?.canTravel ?? false
        return withHooks { (travel, $0.dispatch != nil, $0.pause != nil && $0.resume != nil) }
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
        let decoded: Any
        do {
            decoded = try actions.decode(JournalAction(type: type, label: type, payload: payload))
        } catch {
            throw LiveCommandFailure("\(error)")
        }
        guard let action = decoded as? Action else {
            throw LiveCommandFailure("The action \(type) decodes as \(Swift.type(of: decoded)), which is not one of this app's actions (\(Action.self)).")
        }
        let label = actions.describer(for: action).describe(action).label
        let queued = isPaused
        dispatch(action)
        return (label, queued)
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

    func snapshot() throws(LiveCommandFailure) -> (step: Int, state: JSONValue) {
        let recorder = try requireRecorder()
        recorder.flush()
        let step = recorder.currentStep
        do {
            let reader = try JournalReader(path: recorder.path)
            guard reader.contains(step: step) else {
                throw LiveCommandFailure("The app's step \(step) is in an earlier file of its journal than \(recorder.path).")
            }
            return (step, try reader.state(at: step))
        } catch let failure as LiveCommandFailure {
            throw failure
        } catch {
            throw LiveCommandFailure("The app's state could not be read back from its journal: \(error)")
        }
    }
}
