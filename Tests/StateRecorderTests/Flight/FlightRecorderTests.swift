import Foundation
import StateJSON
import StateJournal
@testable import StateRecorder
import StateStore
import Testing
import TestSupport

/// A flight recorder keeps the last steps in memory and writes them as an ordinary journal when asked,
/// when the app goes to the background, or when it crashes (see `CrashJournalTests`).
@Suite struct FlightRecorderTests {
    struct Account: Codable, Sendable, Equatable {
        var name: String
        var password: String
        var balance: Int
    }

    func recorder(_ flight: FlightRecording, options: RecorderOptions = RecorderOptions(), initialState: Int = 0)
        throws -> Recorder<Int, String>
    {
        var options = options
        options.flight = flight
        options.background = .ignore
        return try Recorder(journal: "unused.jsonl", app: "counter", initialState: initialState, options: options,
                            clock: RecordingClock.fixed(start: 0, step: 1))
    }

    /// The step numbers of the journal's step lines, and what its other lines are.
    func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            if let step = line.firstMatch(of: /^\{"step":(\d+)/) { return "step \(step.1)" }
            if let event = line.firstMatch(of: /^\{"event":"(\w+)"/) { return String(event.1) }
            return line.contains(#""format":"statedbg-journal""#) ? "header" : String(line.prefix(20))
        }
    }

    @Test func keepsTheLastStepsFromAKeyframeAndWritesThemAsAJournalThatReadersAccept() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let recorder = try recorder(.lastSteps(8, redaction: Redaction(), journal: journal))
        for step in 1...50 { recorder.record("increment", state: step) }
        try recorder.dump(to: journal)
        // Segments of 2 steps: after step 50 the next segment started, and 4 full ones hold the window.
        #expect(try lines(journal.path) == ["header"] + (43...50).map { "step \($0)" } + ["closed"])
        let reader = try JournalReader(path: journal.path)
        #expect(reader.header.firstStep == 43)
        #expect(reader.header.initialState == .integer(42), "the header's state is the one before the first step kept")
        #expect(try reader.state(at: 50) == .integer(50))
        #expect(reader.closing?.event.after == 50)
        #expect(reader.validate().isEmpty)
        try recorder.close()
    }

    @Test func keepsAtLeastTheWindowAndAtMostAQuarterMore() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let recorder = try recorder(.lastSteps(100, redaction: Redaction(), journal: journal))
        var kept: Set<Int> = []
        for step in 1...1000 {
            recorder.record("increment", state: step)
            if step % 37 == 0, step >= 100 {
                try recorder.dump(to: journal)
                let reader = try JournalReader(path: journal.path)
                #expect(reader.lastStep == step)
                kept.insert(reader.lastStep - reader.header.firstStep + 1)
            }
        }
        #expect(kept.min()! >= 100 && kept.max()! <= 125, "\(kept.sorted())")
        try recorder.close()
    }

    @Test func beforeTheWindowFillsEveryStepIsKeptFromTheInitialState() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let recorder = try recorder(.lastSteps(1000, redaction: Redaction(), journal: journal), initialState: 7)
        for step in 1...3 { recorder.record("increment", state: 7 + step) }
        try recorder.dump(to: journal)
        #expect(try lines(journal.path) == ["header", "step 1", "step 2", "step 3", "closed"])
        #expect(try JournalReader(path: journal.path).header.initialState == .integer(7))
        try recorder.close()
    }

    @Test func theActionInFlightIsWrittenUntilItsStepIsRecorded() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let recorder = try recorder(.lastSteps(10, redaction: Redaction(), journal: journal))
        recorder.record("increment", state: 1)
        recorder.actionInFlight("divide by zero")
        try recorder.dump(to: journal)
        #expect(try lines(journal.path) == ["header", "step 1", "actionInFlight", "closed"])
        let reader = try JournalReader(path: journal.path)
        guard case .actionInFlight(let after, _, let action)? = reader.events.last?.event else {
            Issue.record("no action in flight: \(reader.events)")
            return
        }
        #expect(after == 1)
        #expect(action.label == "String(\"divide by zero\")")
        #expect(reader.validate().isEmpty)

        recorder.record("divide by zero", state: 2)
        try recorder.dump(to: journal)
        #expect(try lines(journal.path) == ["header", "step 1", "step 2", "closed"], "the action finished: it is step 2")
        try recorder.close()
    }

    @Test func theHeaderStatesTheRedactionRulesInForceEvenWhenThereAreNone() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let recorder = try recorder(.lastBytes(1 << 20, redaction: Redaction(), journal: journal))
        recorder.record("increment", state: 1)
        try recorder.dump(to: journal)
        let options = try JournalReader(path: journal.path).header.options
        #expect(options.serialized(.canonical) == Array(#"{"durability":"everyStep","flight":{"lastBytes":1048576,"redaction":{"keys":[],"paths":[]}},"keyframeInterval":4096,"snapshots":"patches"}"#.utf8))
        try recorder.close()
    }

    @Test func theFlightsRulesAreAddedToTheOptionsAndHideValuesInStatesAndActions() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        var options = RecorderOptions()
        options.redaction = try Redaction(paths: [".name"])
        options.flight = .lastSteps(10, redaction: try Redaction(keys: ["password"]), journal: journal)
        options.background = .ignore
        let recorder = try Recorder<Account, Account>(
            journal: "unused.jsonl", app: "bank", initialState: Account(name: "jenny", password: "hunter2", balance: 0),
            options: options, clock: RecordingClock.fixed(start: 0, step: 1))
        recorder.record(Account(name: "jenny", password: "hunter2", balance: 10),
                        state: Account(name: "jenny", password: "hunter2", balance: 10))
        recorder.actionInFlight(Account(name: "jenny", password: "swordfish", balance: 20))
        try recorder.dump(to: journal)
        let text = try String(contentsOfFile: journal.path, encoding: .utf8)
        #expect(!text.contains("hunter2") && !text.contains("swordfish") && !text.contains("jenny"), "\(text)")
        let reader = try JournalReader(path: journal.path)
        #expect(reader.header.options.objectValue?["redaction"] == .object(JSONObject([
            ("keys", .array(["password"])), ("paths", .array([".name"]))])))
        #expect(reader.validate().isEmpty)
        try recorder.close()
    }

    @Test func aFlightRecorderWritesNothingUntilAsked() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let recorder = try recorder(.lastSteps(10, redaction: Redaction(), journal: journal))
        for step in 1...100 { recorder.record("increment", state: step) }
        recorder.flush()
        try recorder.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(recorder.path == journal.path)
    }

    @Test func goingToTheBackgroundWritesTheKeptSteps() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let center = NotificationCenter()
        var options = RecorderOptions()
        options.flight = .lastSteps(10, redaction: Redaction(), journal: journal)
        options.lifecycleNotifications = LifecycleNotifications(center: center)
        let recorder = try Recorder<Int, String>(journal: "unused.jsonl", app: "counter", initialState: 0, options: options,
                                                 clock: RecordingClock.fixed(start: 0, step: 1))
        for step in 1...3 { recorder.record("increment", state: step) }
        center.post(name: Notification.Name("UIApplicationDidEnterBackgroundNotification"), object: nil)
        #expect(try lines(journal.path) == ["header", "step 1", "step 2", "step 3", "closed"])
        // Back in the foreground, the recorder goes on, and writes again next time.
        recorder.record("increment", state: 4)
        center.post(name: Notification.Name("UIApplicationDidEnterBackgroundNotification"), object: nil)
        #expect(try lines(journal.path) == ["header", "step 1", "step 2", "step 3", "step 4", "closed"])
        try recorder.close()
    }

    @Test func aWindowOfBytesKeepsTheJournalNearThatSize() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let recorder = try recorder(.lastBytes(20_000, redaction: Redaction(), journal: journal))
        var sizes: [Int] = []
        for step in 1...3000 {
            recorder.record("increment", state: step)
            if step % 250 == 0 {
                try recorder.dump(to: journal)
                sizes.append(try Data(contentsOf: journal).count)
            }
        }
        // Over the window by at most the newest segment (a quarter) and the closing line.
        #expect(sizes.dropFirst(4).allSatisfy { $0 >= 12_000 && $0 <= 25_200 }, "\(sizes)")
        #expect(try JournalReader(path: journal.path).validate().isEmpty)
        try recorder.close()
    }

    @Test func callsOnlyAFlightRecorderAnswersThrowOnAnOrdinaryOne() throws {
        let directory = try TemporaryDirectory()
        let recorder = try Recorder<Int, String>(journal: directory.file("plain.jsonl"), app: "counter", initialState: 0)
        recorder.actionInFlight("ignored")
        #expect(throws: RecorderError.notAFlightRecorder("dump(to:)")) {
            try recorder.dump(to: URL(fileURLWithPath: directory.file("dump.jsonl")))
        }
        #expect(throws: RecorderError.notAFlightRecorder("installCrashHandlers()")) { try recorder.installCrashHandlers() }
        try recorder.close()
    }

    @Test func theCrashedLineTheHandlerFormatsIsTheOneTheJournalWriterWrites() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let flight = try #require(FlightJournal(window: .steps(10), header: [], lastStep: 0))
        try flight.configure(path: journal.path)
        for (index, name) in FlightJournal.signalNames.enumerated() {
            let number = Self.signalNumbers[index]
            var expected: [UInt8] = []
            JournalEvent.crashed(after: 41, time: 1_767_225_642_001, signal: name, signalNumber: number).write(to: &expected)
            #expect(String(decoding: flight.crashedLine(signal: number, after: 41, time: 1_767_225_642_001), as: UTF8.self)
                    == String(decoding: expected, as: UTF8.self))
        }
    }

    @Test func theHandlersWaitForTheWriterAndWriteTheJournalWithItsCrashedLine() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let recorder = try recorder(.lastSteps(10, redaction: Redaction(), journal: journal))
        for step in 1...30 { recorder.record("increment", state: step) }
        recorder.actionInFlight("crash")
        #expect(try recorder.writeAsOnCrash(signal: Self.signalNumbers[2], path: journal.path) == 0)
        #expect(try lines(journal.path) == ["header"] + (19...30).map { "step \($0)" } + ["actionInFlight", "crashed"],
                "the window of 10 steps and at most a segment of 3 more")
        let reader = try JournalReader(path: journal.path)
        guard case .crashed(30, _, "SIGSEGV", Self.signalNumbers[2])? = reader.events.last?.event else {
            Issue.record("no crashed line: \(reader.events)")
            return
        }
        #expect(reader.validate().isEmpty)
        try recorder.close()
    }

    @Test func aFixedClockIsReadOncePerCallWhateverTheWriterDoes() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        // A window of 8 starts a segment, with a header of its own, every 2 steps.
        let recorder = try recorder(.lastSteps(8, redaction: Redaction(), journal: journal))
        for step in 1...100 {
            recorder.actionInFlight("increment")
            recorder.record("increment", state: step)
        }
        try recorder.dump(to: journal)
        // The header read 0; step N's action in flight read 2N - 1, and the step 2N. Headers the writer
        // made for its segments took their step's time, not readings of their own.
        let text = try String(contentsOfFile: journal.path, encoding: .utf8)
        let reader = try JournalReader(path: journal.path)
        let times = try (reader.header.firstStep...reader.lastStep).map { "step \($0) at \(try reader.step($0).time)" }
            + [reader.closing.map { closing in
                guard case .closed(_, let time) = closing.event else { return "not closed" }
                return "closed at \(time)"
            } ?? "not closed"]
        #expect(times == (93...100).map { "step \($0) at \(2 * $0)" } + ["closed at 201"])
        // The segment's header carries the session's origin, the first header's time, which its lines' `ms` count from.
        #expect(reader.header.origin == 0)
        #expect(text.contains(#"{"step":93,"kind":"keyframe","ms":186,"#))
        #expect(text.contains(#""created":"1970-01-01T00:00:00.184Z""#), "the oldest kept segment starts after step 92, at 184 ms")
        try recorder.close()
    }

    @Test func theActionInFlightIsEncodedOnlyWhenAJournalNeedsIt() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let recorder = try recorder(.lastSteps(10, redaction: Redaction(), journal: journal))
        for step in 1...5 { recorder.record("increment", state: step) }
        recorder.actionInFlight("first")
        recorder.actionInFlight("crash")
        #expect(try recorder.writeAsOnCrash(signal: Self.signalNumbers[0], path: journal.path) == 0)
        let reader = try JournalReader(path: journal.path)
        #expect(reader.validate().isEmpty)
        guard case .actionInFlight(5, let time, let action)? = reader.events.first?.event else {
            Issue.record("no action in flight: \(reader.events)")
            return
        }
        #expect(action.label == #"String("crash")"#, "the last action noted, with the time read when it was noted")
        #expect(time == 7, "the fixed clock's readings: the header, 5 steps, then the two actions in flight")
        try recorder.close()
    }

    @Test func aCrashWhoseActionInFlightIsNotEncodedInTimeLeavesAMarkerInItsPlace() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let recorder = try recorder(.lastSteps(10, redaction: Redaction(), journal: journal))
        for step in 1...5 { recorder.record("increment", state: step) }
        recorder.actionInFlight("crash")
        recorder.flush()
        // The crashing thread holds the recorder's lock, which the encoder needs.
        let status = recorder.steps.withLock { _ in
            Result { try recorder.writeAsOnCrash(signal: Self.signalNumbers[2], path: journal.path, waitingMilliseconds: 100) }
        }
        #expect(try status.get() == 0)
        #expect(try lines(journal.path) == ["header"] + (1...5).map { "step \($0)" } + ["marker", "crashed"])
        let reader = try JournalReader(path: journal.path)
        #expect(reader.validate().isEmpty)
        guard case .marker(5, _, JournalEvent.unencodedInFlightMarkerName)? = reader.events.first?.event else {
            Issue.record("no marker: \(reader.events)")
            return
        }
        try recorder.close()
    }

    @Test func theMarkerTheHandlerFormatsIsTheOneTheJournalWriterWrites() throws {
        let directory = try TemporaryDirectory()
        let flight = try #require(FlightJournal(window: .steps(10), header: [], lastStep: 0))
        try flight.configure(path: directory.file("flight.jsonl"))
        var expected: [UInt8] = []
        JournalEvent.marker(after: 41, time: 1_767_225_642_001, name: JournalEvent.unencodedInFlightMarkerName).write(to: &expected)
        #expect(String(decoding: flight.unencodedLine(after: 41, time: 1_767_225_642_001), as: UTF8.self)
                == String(decoding: expected, as: UTF8.self))
    }

    /// SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT and SIGFPE here.
    static let signalNumbers: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]
}

/// statedbg's own store with a flight recorder: its innermost middleware says each action is in flight.
@Suite struct RecordingStoreFlightTests {
    /// Where the reducer writes the flight journal from, mid-reduction: the store, once made.
    final class Probe: @unchecked Sendable {
        // Weak: the store's reducer holds the probe, so a strong store here would never be freed (the
        // leak checker found it).
        weak var store: RecordingStore<Int, String>?
        var journal: URL?
    }

    @Test func theActionInFlightIsTheOneTheReducerIsApplying() throws {
        let directory = try TemporaryDirectory()
        let journal = URL(fileURLWithPath: directory.file("flight.jsonl"))
        let probe = Probe()
        probe.journal = journal
        let app = RecordableApp<Int, String>(
            id: "counter", summary: "A counter", initialState: 0,
            reducer: Reducer { state, action in
                if action == "dump" { try? probe.store?.recorder.dump(to: probe.journal!) }
                state += 1
            }, actionSamples: ["increment"])
        var options = RecorderOptions()
        options.flight = .lastSteps(10, redaction: Redaction(), journal: journal)
        options.background = .ignore
        let store = try RecordingStore(app: app, journal: "unused.jsonl", options: options)
        probe.store = store
        store.dispatch("increment")
        store.dispatch("dump")
        let reader = try JournalReader(path: journal.path)
        #expect(reader.lastStep == 1)
        guard case .actionInFlight(1, _, let action)? = reader.events.last?.event else {
            Issue.record("no action in flight: \(reader.events)")
            return
        }
        #expect(action.label == "counter(\"dump\")")
        try store.close()
    }
}
