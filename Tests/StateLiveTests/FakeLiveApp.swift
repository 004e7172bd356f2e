import StateJSON
import StateLive
import StateSync

/// An app side for the server's tests: three steps, no travel, no dispatch, a snapshot of a large state
/// that counts how often it was asked for, and the journal files a test gives it.
final class FakeLiveApp: LiveApp {
    /// How many snapshots the server asked for.
    let snapshots = Locked(0)
    /// The size of the snapshot's state, in bytes of its one string.
    let stateBytes: Int
    /// The journal's files, as `journalFiles` gives them.
    let files: [String]

    init(stateBytes: Int = 64 << 10, files: [String] = []) {
        self.stateBytes = stateBytes
        self.files = files
    }

    var appID: String { "fake" }
    var lastStep: Int { 3 }
    var currentStep: Int { 3 }
    var abilities: LiveAbilities { LiveAbilities(travel: false, dispatch: false, pause: false) }
    var isPaused: Bool { false }

    func jump(to step: Int) throws(LiveCommandFailure) -> Int { throw LiveCommandFailure("This app cannot travel.") }
    func undo(_ count: Int) throws(LiveCommandFailure) -> Int { throw LiveCommandFailure("This app cannot travel.") }
    func redo(_ count: Int) throws(LiveCommandFailure) -> Int { throw LiveCommandFailure("This app cannot travel.") }
    func dispatch(type: String, payload: JSONValue) throws(LiveCommandFailure) -> (label: String, queued: Bool) {
        throw LiveCommandFailure("This app takes no actions.")
    }
    func mark(_ name: String) {}
    func pause() throws(LiveCommandFailure) { throw LiveCommandFailure("This app cannot pause.") }
    func resume() throws(LiveCommandFailure) -> Int { throw LiveCommandFailure("This app cannot pause.") }

    func journalFiles() throws(LiveCommandFailure) -> [String] { files }

    func snapshot() throws(LiveCommandFailure) -> LiveSnapshot {
        snapshots.withLock { $0 += 1 }
        return LiveSnapshot(step: 3, state: ["text": .string(String(repeating: "x", count: stateBytes))])
    }

    func setTrap(_ trap: LiveTrap, owner: LiveClientID) throws(LiveCommandFailure) -> String {
        throw LiveCommandFailure("This app takes no traps.")
    }

    func removeTrap(number: Int, owner: LiveClientID) -> Bool { false }

    func removeTraps(owner: LiveClientID) {}
}
