import Foundation
import StateJSON
import StateEncoding
import StateJournal
import StateRecorder

/// Dispatches a scripted run of actions into an app by one ``RecordingMethod`` and checks what was written.
struct RecordingDriver<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
    let app: RecordableApp<State, Action>
    /// The action of each 1-based step.
    let action: (Int) -> Action

    /// The options `RecordingStore` runs with: the defaults, which is what an app gets.
    static var recorderOptions: RecorderOptions { RecorderOptions() }

    /// `patches (keyframe every 4096), everyStep without fsync`.
    static var policyText: String {
        let options = recorderOptions
        let snapshots = switch options.snapshots {
        case .patches(let interval): "patches, keyframe every \(interval)"
        case .everyStep: "a keyframe every step"
        }
        let durability = switch options.durability {
        case .everyStep(let sync): sync ? "written every step with fsync" : "written every step without fsync (group commit)"
        case .batched(let steps, let milliseconds): "batched every \(steps) steps or \(milliseconds) ms"
        case .onClose: "written on close"
        }
        return "\(snapshots); \(durability)"
    }

    /// Runs `steps` actions, then closes the file (so it is complete), and returns the final state.
    ///
    /// Actions are made as they are dispatched (a few nanoseconds each), so that a long script does not
    /// sit in memory and inflate the peak the memory probe measures.
    func run(_ method: RecordingMethod, steps: Int, path: String) throws -> State {
        let actions = (1...max(1, steps)).lazy.map(action)
        switch method {
        case .store:
            let store = app.makeStore()
            for action in actions { store.dispatch(action) }
            return store.state
        case .recorder:
            let recorder = try RecordingStore(app: app, journal: path, options: Self.recorderOptions)
            for action in actions { recorder.dispatch(action) }
            try recorder.close()
            return recorder.state
        case .naive:
            let recorder = try NaiveRecorder(store: app.makeStore(), path: path)
            for action in actions { try recorder.dispatch(action) }
            try recorder.close()
            return recorder.store.state
        }
    }

    /// Reads a recorder's journal back and checks that it has every step and ends in `final`.
    func verifyJournal(at path: String, steps: Int, final: State) throws {
        let reader: JournalReader
        do {
            reader = try JournalReader(path: path)
        } catch {
            throw BenchmarkError.wrongResult(scenario: "recording", "the journal does not open: \(error)")
        }
        guard reader.torn == nil, reader.lastStep == steps else {
            throw BenchmarkError.wrongResult(scenario: "recording",
                                             "\(path) has \(reader.lastStep) complete steps, not \(steps).")
        }
        let state: State
        do {
            state = try JSONValueDecoder().decode(State.self, from: try reader.state(at: steps))
        } catch {
            throw BenchmarkError.wrongResult(scenario: "recording", "the last state of \(path) does not read back: \(error)")
        }
        guard state == final else {
            throw BenchmarkError.wrongResult(scenario: "recording", "the last state of \(path) differs from the store's.")
        }
    }
}
