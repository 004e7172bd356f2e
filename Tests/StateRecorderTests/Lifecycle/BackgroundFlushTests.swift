import Foundation
import StateJournal
import StateRecorder
import TestSupport
import Testing

/// iOS kills apps in the background instead of letting them exit: the recorder flushes, and ends its
/// journal for now, when it hears UIKit's notification by name. Each test posts to a center of its own,
/// so that it reaches only its own recorders.
@Suite struct BackgroundFlushTests {
    static let background = Notification.Name("UIApplicationDidEnterBackgroundNotification")

    /// A recorder that writes nothing before it is closed or flushed, hearing `center`.
    func recorder(_ path: String, center: NotificationCenter, background: RecorderOptions.Backgrounding = .flushAndEnd)
        throws -> Recorder<Int, String>
    {
        var options = RecorderOptions()
        options.durability = .onClose
        options.background = background
        options.lifecycleNotifications = LifecycleNotifications(center: center)
        return try Recorder(journal: path, app: "counter", initialState: 0, options: options, clock: RecordingClock.fixed(start: 0, step: 1))
    }

    /// The journal's lines, as the file holds them now, each cut to its first members.
    func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            if line.hasPrefix(#"{"event":"marker""#) { return "marker " + (line.firstMatch(of: /"name":"([^"]*)"/).map { String($0.1) } ?? "?") }
            if line.hasPrefix(#"{"event":"closed""#) { return "closed" }
            if line.hasPrefix(#"{"step":"#) { return "step " + (line.firstMatch(of: /^\{"step":(\d+)/).map { String($0.1) } ?? "?") }
            return line.hasPrefix(#"{"statedbg""#) || line.contains(#""format""#) ? "header" : String(line.prefix(20))
        }
    }

    @Test func goingToTheBackgroundWritesEveryStepAndTheClosingLine() throws {
        let directory = try TemporaryDirectory()
        let center = NotificationCenter()
        let recorder = try recorder(directory.file("background.jsonl"), center: center)
        for step in 1...3 { recorder.record("increment", state: step) }
        #expect(try lines(recorder.path) == ["header"], "nothing is written before close under .onClose")

        center.post(name: Self.background, object: nil)
        #expect(try lines(recorder.path) == ["header", "step 1", "step 2", "step 3", "closed"])
        let reader = try JournalReader(path: recorder.path)
        #expect(reader.lastStep == 3)
        #expect(reader.closing?.event.after == 3)
        // Twice in the background (no foreground between): one closing line.
        center.post(name: Self.background, object: nil)
        try recorder.close()
        #expect(try lines(recorder.path) == ["header", "step 1", "step 2", "step 3", "closed"])
    }

    @Test func backInTheForegroundTheJournalGoesOnAfterTheResumedMarker() throws {
        let directory = try TemporaryDirectory()
        let center = NotificationCenter()
        let recorder = try recorder(directory.file("foreground.jsonl"), center: center)
        recorder.record("increment", state: 1)
        center.post(name: Self.background, object: nil)
        // Back in the foreground: the app records again.
        recorder.record("increment", state: 2)
        recorder.mark("checkout")
        center.post(name: Self.background, object: nil)
        recorder.record("increment", state: 3)
        try recorder.close()
        #expect(try lines(recorder.path) == [
            "header", "step 1", "closed", "marker resumed", "step 2", "marker checkout", "closed", "marker resumed", "step 3", "closed",
        ])
        let reader = try JournalReader(path: recorder.path)
        #expect(reader.lastStep == 3)
        #expect(try reader.state(at: 3) == 3)
        #expect(reader.closing?.event.after == 3)
    }

    @Test func whatTheFlushPolicyAndIgnoreDo() throws {
        let directory = try TemporaryDirectory()
        let center = NotificationCenter()
        let flushing = try recorder(directory.file("flush.jsonl"), center: center, background: .flush)
        let ignoring = try recorder(directory.file("ignore.jsonl"), center: center, background: .ignore)
        flushing.record("increment", state: 1)
        ignoring.record("increment", state: 1)
        center.post(name: Self.background, object: nil)
        #expect(try lines(flushing.path) == ["header", "step 1"])
        #expect(try lines(ignoring.path) == ["header"])
        try flushing.close()
        try ignoring.close()
        #expect(try lines(flushing.path) == ["header", "step 1", "closed"])
        #expect(try lines(ignoring.path) == ["header", "step 1", "closed"])
    }

    @Test func everyPlatformsNotificationIsHeard() throws {
        let directory = try TemporaryDirectory()
        for (index, name) in ["UIApplicationWillTerminateNotification", "WKApplicationDidEnterBackgroundNotification",
                              "NSApplicationWillTerminateNotification"].enumerated() {
            let center = NotificationCenter()
            let recorder = try recorder(directory.file("ending-\(index).jsonl"), center: center)
            recorder.record("increment", state: 1)
            center.post(name: Notification.Name(name), object: nil)
            #expect(try lines(recorder.path) == ["header", "step 1", "closed"], "\(name)")
            try recorder.close()
        }
        // A Mac app that stops being the active one keeps running: flushed, not ended.
        let center = NotificationCenter()
        let recorder = try recorder(directory.file("inactive.jsonl"), center: center)
        recorder.record("increment", state: 1)
        center.post(name: Notification.Name("NSApplicationDidResignActiveNotification"), object: nil)
        #expect(try lines(recorder.path) == ["header", "step 1"])
        try recorder.close()
    }

    @Test func aClosedRecorderIgnoresTheNotifications() throws {
        let directory = try TemporaryDirectory()
        let center = NotificationCenter()
        let recorder = try recorder(directory.file("closed.jsonl"), center: center)
        recorder.record("increment", state: 1)
        try recorder.close()
        center.post(name: Self.background, object: nil)
        #expect(try lines(recorder.path) == ["header", "step 1", "closed"])
    }

    @Test func theAppsOwnCenterIsHeardOnlyOnApplePlatforms() {
        #if canImport(Darwin)
        #expect(LifecycleNotifications.default.center === NotificationCenter.default)
        #else
        #expect(LifecycleNotifications.default.center == nil, "nothing posts UIKit's notifications here")
        #endif
        #expect(RecorderOptions().lifecycleNotifications == .default)
    }

    @Test func anAppKilledInTheBackgroundLeavesEveryStepAndTheClosingLine() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("killed.jsonl")
        // The probe records under .onClose, hearing NotificationCenter.default as on Apple platforms, posts
        // UIKit's notification there, then is killed with SIGKILL, as iOS kills a suspended app: no atexit
        // handler runs.
        #expect(try ExitFlushProbe.run(path: path, steps: 200, ending: "background-killed") == SIGKILL)
        let reader = try JournalReader(path: path)
        #expect(reader.lastStep == 200)
        #expect(reader.closing?.event.after == 200)
        #expect(reader.torn == nil)
    }
}
