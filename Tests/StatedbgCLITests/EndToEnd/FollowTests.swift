#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ExampleApps
import Foundation
import StateRecorder
import StateSync
import TestSupport
import Testing

/// `statedbg replay --follow` on a journal an app is still writing, like `tail -f`.
@Suite struct FollowTests {
    @Test func replayFollowPrintsStepsAsTheyAreWrittenUntilCtrlC() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let path = directory.file("live.jsonl")
        var options = RecorderOptions()
        options.recordsCallSites = false
        let store = try RecordingStore(app: CounterApp.app, journal: path, options: options, clock: RecordingClock.fixed())
        defer { try? store.close() }
        store.dispatch(.increase)
        store.flush()

        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary.path)
        process.arguments = ["replay", "--follow", "live.jsonl"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        process.environment = ["HOME": directory.path, "TERM": "dumb", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let transcript = Locked("")
        let reader = output.fileHandleForReading
        let done = DispatchSemaphore(value: 0)
        Thread {
            while true {
                let data = reader.availableData
                if data.isEmpty { break }
                transcript.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
            done.signal()
        }.start()
        func waitFor(_ text: String) -> Bool {
            for _ in 0..<1000 {
                if transcript.withLock({ $0.contains(text) }) { return true }
                usleep(10_000)
            }
            return false
        }

        #expect(waitFor("step 1  counter.increase"))
        store.dispatch(.decrease)
        store.mark("halfway")
        store.dispatch(.reset)
        store.flush()
        #expect(waitFor("step 3  counter.reset"))
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        done.wait()
        #expect(process.terminationStatus == 0)
        #expect(transcript.withLock { $0 } == """
            step 1  counter.increase
                {
              -   "counter": 0
              +   "counter": 1
                }
            step 2  counter.decrease
                {
              -   "counter": 1
              +   "counter": 0
                }
                ⟂ marker: halfway
            step 3  counter.reset
                (no change)
            followed live.jsonl to step 3: 3 steps (stopped with Ctrl-C)

            """)
    }

    @Test func replayFollowStopsByItselfWhenTheAppClosesItsRecorder() throws {
        let binary = try StatedbgProcess.locate()
        let directory = try TemporaryDirectory()
        let path = directory.file("closing.jsonl")
        var options = RecorderOptions()
        options.recordsCallSites = false
        let store = try RecordingStore(app: CounterApp.app, journal: path, options: options, clock: RecordingClock.fixed())
        store.dispatch(.increase)
        store.flush()

        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary.path)
        process.arguments = ["replay", "--follow", "--quiet", "closing.jsonl"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        process.environment = ["HOME": directory.path, "TERM": "dumb", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // Give the follower time to start following before the app goes on and closes.
        usleep(300_000)
        store.dispatch(.increase)
        try store.close()
        let finished = DispatchSemaphore(value: 0)
        let text = Locked("")
        Thread {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            text.withLock { $0 = String(decoding: data, as: UTF8.self) }
            finished.signal()
        }.start()
        let ended = finished.wait(timeout: .now() + 20) == .success
        if !ended { kill(process.processIdentifier, SIGINT) }
        #expect(ended, "replay --follow kept following a closed journal")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.withLock { $0 } == """
            followed closing.jsonl to step 2: 2 steps (the recording was closed at step 2)

            """)
    }
}
