import ExampleApps
import Foundation
import StateLive
import StateRecorder
import Testing
import TestSupport

/// A tracker journal resumed by a store with a live channel, and the mirror a live client keeps of it:
/// what tests of a resumed journal's stream compare with the file.
enum ResumedTrackerMirror {
    /// Resumes the tracker journal at `journal` with the store's clock reading `now`, dispatches `steps`
    /// random actions of `seed`, and returns the path of the mirror a live client made of the stream
    /// (the header and every step), once the store is closed.
    static func record(journal: String, in directory: TemporaryDirectory, now: Int64, seed: UInt64, steps: Int) throws -> String {
        let socket = directory.file("live.sock")
        var options = RecorderOptions()
        options.recordsCallSites = false
        options.live = RecorderOptions.LiveChannel(socketPath: socket)
        options.live?.announces = false
        let store = try RecordingStore.resume(app: TrackerApp.app, journal: journal, options: options, clock: { now })
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<steps { store.dispatch(TrackerApp.randomAction(for: store.state, using: &generator)) }
        store.flush()
        let mirror = directory.file("mirror.jsonl")
        let client = try LiveClient(endpoint: .unix(socket), mirror: mirror)
        #expect(client.waitForMirror(lines: steps + 1, timeout: 30))
        client.close()
        try store.close()
        return mirror
    }
}
