import Foundation
import StateJSON
import StateJournal
import StateLive
import StateRecorder
import StateSync
import TestSupport
import Testing

/// Where a recorder calls into the app (RecorderOptions.appExecutor), and what happens when the main
/// thread does not get to it: the live channel's thread never waits, and a hook that did not start in
/// time never runs.
@Suite struct AppExecutorTests {
    /// A counter app of its own store, with its live channel on a socket of its own.
    func counter(_ directory: TemporaryDirectory, executor: RecorderOptions.AppExecutor?,
                 timeout: Duration = .seconds(5)) throws -> Recorder<Int, String> {
        var channel = RecorderOptions.LiveChannel(socketPath: directory.file("counter.sock"))
        channel.announces = false
        var options = RecorderOptions()
        options.live = channel
        options.appExecutor = executor
        options.appExecutorTimeout = timeout
        return try Recorder(journal: directory.file("counter.jsonl"), app: "counter", initialState: 0,
                            actions: ActionRegistry(String.self), options: options)
    }

    /// Keeps the main queue busy for `seconds`, as an app whose main thread is stuck in a long task.
    func blockMainQueue(for seconds: Double) {
        let started = DispatchSemaphore(value: 0)
        DispatchQueue.main.async {
            started.signal()
            Thread.sleep(forTimeInterval: seconds)
        }
        started.wait()
    }

    @Test func aRecorderMadeOffTheMainThreadRunsTheAppsHooksWhereItIsAsked() throws {
        let directory = try TemporaryDirectory()
        let recorder = try counter(directory, executor: nil)
        let threads = Locked<[Bool]>([])
        recorder.liveControl(dispatch: { _ in threads.withLock { $0.append(MainQueue.isCurrent) } })
        let connection = try LiveTestConnection(.unix(directory.file("counter.sock")))
        _ = try connection.request(.hello(version: 1, client: nil))
        #expect(try connection.request(.dispatch(type: "String", payload: "up"))["ok"] == true)
        #expect(threads.withLock { $0 } == [false], "made off the main thread, the recorder calls the app on any thread")
        try recorder.close()
    }

    @Test func aHookTheMainThreadDoesNotStartInTimeIsAnsweredWithAnErrorAndNeverRuns() throws {
        let directory = try TemporaryDirectory()
        let recorder = try counter(directory, executor: .mainActor, timeout: .milliseconds(200))
        let ran = Locked(false)
        recorder.liveControl(dispatch: { _ in ran.withLock { $0 = true } })
        let busy = try LiveTestConnection(.unix(directory.file("counter.sock")))
        let other = try LiveTestConnection(.unix(directory.file("counter.sock")))
        for connection in [busy, other] { _ = try connection.request(.hello(version: 1, client: nil)) }
        blockMainQueue(for: 1.5)
        let asked = ContinuousClock.now
        let reply = try busy.request(.dispatch(type: "String", payload: "up"))
        #expect(reply["error"] == "The app did not run dispatch within 0.2 seconds: its main thread is busy, or the program never runs its main queue (a command-line program: RecorderOptions.appExecutor = .anyThread); nothing was done.")
        // The channel's thread waited for nobody: another client is answered while the main thread is busy.
        #expect(try other.request(.status)["ok"] == true)
        #expect(ContinuousClock.now - asked < .seconds(1))
        Thread.sleep(forTimeInterval: 1.6)
        #expect(!ran.withLock { $0 }, "a hook the server gave up on never runs")
        #expect(recorder.lastStep == 0)
        try recorder.close()
    }

    @Test func undoFromAnotherThreadRunsTheMainActorsSetStateThereAndWaitsForIt() throws {
        let directory = try TemporaryDirectory()
        let recorder = try counter(directory, executor: nil)
        let applied = Locked<[String]>([])
        recorder.travelsOnMainActor(settingState: { state in applied.withLock { $0.append("\(state) on main: \(MainQueue.isCurrent)") } })
        for step in 1...3 { recorder.record("up", state: step) }
        #expect(try recorder.undo(2) == 1)
        #expect(applied.withLock { $0 } == ["1 on main: true"], "undo returns once the app has the state")
        try recorder.close()
    }

    /// The recorder hands the app's function to the main queue without letting it escape the call: the
    /// main queue must let go of it before the waiting thread returns, or the program stops.
    @Test func theMainQueueLetsGoOfTheAppsFunctionBeforeATravelReturns() throws {
        let directory = try TemporaryDirectory()
        let recorder = try counter(directory, executor: nil)
        let applied = Locked(0)
        recorder.travelsOnMainActor(settingState: { _ in applied.withLock { $0 += 1 } })
        for step in 1...2 { recorder.record("up", state: step) }
        for _ in 1...500 {
            #expect(try recorder.undo() == 1)
            #expect(try recorder.redo() == 2)
        }
        #expect(applied.withLock { $0 } == 1000)
        try recorder.close()
    }

    @Test func undoWhenTheMainThreadIsBusyThrowsAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let recorder = try counter(directory, executor: nil, timeout: .milliseconds(100))
        let applied = Locked<[Int]>([])
        recorder.travelsOnMainActor(settingState: { state in applied.withLock { $0.append(state) } })
        recorder.record("up", state: 1)
        blockMainQueue(for: 1)
        #expect(throws: RecorderError.appDidNotRun("undo", timeout: .milliseconds(100))) { try recorder.undo() }
        #expect(recorder.currentStep == 1)
        Thread.sleep(forTimeInterval: 1.1)
        #expect(applied.withLock { $0 }.isEmpty)
        try recorder.close()
        #expect(try JournalReader(path: recorder.path).events.isEmpty, "no travel is journaled that the app did not make")
        #expect(RecorderError.appDidNotRun("undo", timeout: .milliseconds(100)).description
            == "The app's main thread did not start the undo within 0.1 seconds: it is busy, or the program never runs its main queue (a command-line program: set RecorderOptions.appExecutor to .anyThread, or run dispatchMain()); the app's state did not change.")
    }
}
