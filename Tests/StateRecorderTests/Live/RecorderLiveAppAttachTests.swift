import ExampleApps
import Foundation
import StateJournal
import StateLive
@testable import StateRecorder
import StateSync
import TestSupport
import Testing

/// The live channel serves before its recorder is whole (a debugger that dials in may send a command at
/// once): a command that arrives in between waits for the recorder instead of being told it closed.
@Suite struct RecorderLiveAppAttachTests {
    @Test func aCommandArrivingBeforeTheRecorderIsGivenWaitsForIt() throws {
        let directory = try TemporaryDirectory()
        let store = try RecordingStore(app: CounterApp.app, journal: directory.file("app.jsonl"), clock: RecordingClock.fixed())
        defer { try? store.close() }
        let app = RecorderLiveApp<CounterApp.State, CounterApp.Action>(appID: "counter", actions: ActionRegistry())
        let answer = Locked<Result<[String], LiveCommandFailure>?>(nil)
        let asked = DispatchSemaphore(value: 0)
        Thread {
            asked.signal()
            let files = Result { () throws(LiveCommandFailure) in try app.journalFiles() }
            answer.withLock { $0 = files }
        }.start()
        asked.wait()
        Thread.sleep(forTimeInterval: 0.2)
        #expect(answer.withLock { $0 } == nil)
        app.attach(store.recorder)
        let files = try answer.withLock(when: { $0 != nil }, timeout: .seconds(10)) { value, _ in value }?.get()
        #expect(files == [store.recorder.path])
    }

    @Test func aRecorderThatIsGoneIsToldAsClosed() throws {
        let app = RecorderLiveApp<CounterApp.State, CounterApp.Action>(appID: "counter", actions: ActionRegistry())
        do {
            let directory = try TemporaryDirectory()
            let store = try RecordingStore(app: CounterApp.app, journal: directory.file("app.jsonl"), clock: RecordingClock.fixed())
            app.attach(store.recorder)
            try store.close()
        }
        #expect(throws: LiveCommandFailure.self) { try app.journalFiles() }
    }
}
