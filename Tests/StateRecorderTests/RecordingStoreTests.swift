import TestSupport
import Foundation
import StateJSON
import StateEncoding
import StateJournal
import StateRecorder
import StateStore
import Testing

@Suite struct RecordingStoreTests {
    typealias Recorder = RecordingStore<NotesApp.State, NotesApp.Action>

    static func options(_ snapshots: RecorderOptions.Snapshots = .patches(keyframeInterval: 1000),
                        _ durability: RecorderOptions.Durability = .everyStep(sync: false)) -> RecorderOptions {
        var options = RecorderOptions()
        options.snapshots = snapshots
        options.durability = durability
        return options
    }

    static func decode(_ value: JSONValue) throws -> NotesApp.State {
        try JSONValueDecoder().decode(NotesApp.State.self, from: value)
    }

    static let policies: [RecorderOptions] = [
        options(.patches(keyframeInterval: 1000), .everyStep(sync: false)),
        options(.patches(keyframeInterval: 7), .everyStep(sync: true)),
        options(.everyStep, .batched(steps: 10, milliseconds: 5)),
        options(.patches(keyframeInterval: 3), .onClose),
    ]

    /// The store and the recorder refer to each other (the store's observer records, the recorder's
    /// time travel sets the store's state); neither may keep the other alive once the app lets go.
    @Test func aRecordingStoreTheAppLetsGoOfIsFreedWithItsStoreAndRecorder() throws {
        let directory = try TemporaryDirectory()
        weak var store: Store<NotesApp.State, NotesApp.Action>?
        weak var journal: StateRecorder.Recorder<NotesApp.State, NotesApp.Action>?
        do {
            let recorder = try Recorder(app: NotesApp.app, journal: directory.file("notes.jsonl"), clock: RecordingClock.fixed())
            store = recorder.store
            journal = recorder.recorder
            recorder.dispatch(NotesApp.app.actionSamples[0])
            try recorder.close()
        }
        #expect(store == nil)
        #expect(journal == nil)
    }

    @Test(arguments: policies)
    func everyJournaledStateEqualsTheLiveState(options: RecorderOptions) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("notes.jsonl")
        let recorder = try Recorder(app: NotesApp.app, journal: path, options: options, clock: RecordingClock.fixed())
        var live: [NotesApp.State] = [recorder.state]
        var random = SeededGenerator(seed: 7)
        for _ in 0..<150 {
            let before = recorder.lastStep
            recorder.dispatch(NotesApp.app.randomAction!(recorder.state, &random))
            if recorder.lastStep > before { live.append(recorder.state) }
        }
        try recorder.close()

        let reader = try JournalReader(path: path)
        #expect(reader.header.app == "notes")
        #expect(reader.lastStep == live.count - 1)
        for step in 0...reader.lastStep {
            #expect(try Self.decode(reader.state(at: step)) == live[step])
        }
        #expect(reader.validate().isEmpty)
    }

    @Test func actionsCarryATagALabelAndTheirPayload() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("labels.jsonl")
        let recorder = try Recorder(app: NotesApp.app, journal: path, clock: RecordingClock.fixed())
        recorder.dispatch(.add(text: "milk"))
        recorder.dispatch(.increment)
        try recorder.close()
        let reader = try JournalReader(path: path)
        #expect(try reader.action(at: 1).withoutSite == JournalAction(type: "notes.add", label: #"notes.add(text: "milk")"#,
                                                                        payload: ["add": ["text": "milk"]]))
        #expect(try reader.action(at: 2).label == "notes.increment")
    }

    @Test func rejectedActionsAreJournaledAsEventsAndDoNotMakeSteps() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("rejected.jsonl")
        let recorder = try Recorder(app: NotesApp.app, journal: path, clock: RecordingClock.fixed())
        for _ in 0..<7 { recorder.dispatch(.increment) }
        #expect(recorder.state.count == 5)
        try recorder.close()
        let reader = try JournalReader(path: path)
        #expect(reader.lastStep == 5)
        let rejections = reader.events.compactMap { located -> String? in
            guard case .rejected(let after, _, let action, let validator, let reason) = located.event else { return nil }
            return "\(after) \(action.type) \(validator): \(reason)"
        }
        #expect(rejections == [
            "5 notes.increment countLimit: count 6 is over the limit of 5",
            "5 notes.increment countLimit: count 6 is over the limit of 5",
        ])
    }

    @Test func theSecretAppearsNowhereInTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("secret.jsonl")
        var options = Self.options(.patches(keyframeInterval: 4))
        options.redaction = try Redaction(paths: [".session.token", ".login.token"], keys: ["password"])
        let recorder = try Recorder(app: NotesApp.app, journal: path, options: options, clock: RecordingClock.fixed())
        for index in 0..<10 {
            recorder.dispatch(.login(user: "jenny", password: "hunter2-\(index)", token: "tok-SECRET-\(index)"))
            recorder.dispatch(.add(text: "note \(index)"))
        }
        try recorder.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("SECRET"))
        #expect(!text.contains("hunter2"))
        #expect(text.contains("<redacted>"))
        #expect(text.contains("jenny"))
        // Redacted journals still verify: hashes are of the redacted states.
        #expect(try JournalReader(path: path).validate().isEmpty)
    }

    @Test func undoNeverPutsRedactedValuesIntoTheState() throws {
        let directory = try TemporaryDirectory()
        var options = Self.options()
        options.redaction = try Redaction(paths: [".session.token"])
        // By default a redacting store keeps recent states in memory: undo gives the real token back.
        let kept = try Recorder(app: NotesApp.app, journal: directory.file("kept.jsonl"), options: options)
        kept.dispatch(.login(user: "jenny", password: "p", token: "tok-1"))
        kept.dispatch(.login(user: "jenny", password: "p", token: "tok-2"))
        #expect(try kept.undo() == 1)
        #expect(kept.state.session.token == "tok-1")
        try kept.close()
        // Captured on the calling thread nothing is kept, and the journal's state is redacted: it throws.
        options.stateCapture = .onCallingThread
        let eager = try Recorder(app: NotesApp.app, journal: directory.file("eager.jsonl"), options: options)
        eager.dispatch(.login(user: "jenny", password: "p", token: "tok-1"))
        eager.dispatch(.login(user: "jenny", password: "p", token: "tok-2"))
        #expect(throws: RecorderError.travelNeedsUnredactedState(step: 1)) { try eager.undo() }
        #expect(eager.state.session.token == "tok-2")
        try eager.close()
    }

    @Test func journalsArePrivateAndNeverReplaceAFileUnasked() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("mode.jsonl")
        let first = try Recorder(app: NotesApp.app, journal: path)
        first.dispatch(.increment)
        try first.close()
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        let before = try String(contentsOfFile: path, encoding: .utf8)

        // The default keeps the earlier recording and starts a numbered file beside it.
        let second = try Recorder(app: NotesApp.app, journal: path)
        try second.close()
        #expect(second.path == directory.file("mode-2.jsonl"))
        let third = try Recorder(app: NotesApp.app, journal: path)
        try third.close()
        #expect(third.path == directory.file("mode-3.jsonl"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)

        var failing = RecorderOptions()
        failing.existingJournal = .fail
        #expect(throws: JournalError.self) { try Recorder(app: NotesApp.app, journal: path, options: failing) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)

        var replacing = RecorderOptions()
        replacing.existingJournal = .replace
        let replaced = try Recorder(app: NotesApp.app, journal: path, options: replacing)
        try replaced.close()
        #expect(replaced.path == path)
        #expect(try JournalReader(path: path).lastStep == 0)
    }

    @Test func undoRedoAndJumpShowHistoricalStatesAndTheFileKeepsEverything() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("travel.jsonl")
        var options = RecorderOptions()
        options.recentStates = 2 // force reading older states back from the journal
        let recorder = try Recorder(app: NotesApp.app, journal: path, options: options, clock: RecordingClock.fixed())
        let seen = MessageLog()
        let subscription = recorder.store.subscribe(\.count) { new, _ in seen.append(String(new)) }
        for _ in 0..<4 { recorder.dispatch(.increment) }      // steps 1-4, count 4
        #expect(try recorder.undo() == 3)
        #expect(recorder.state.count == 3)
        #expect(try recorder.undo(2) == 1)
        #expect(recorder.state.count == 1)
        #expect(try recorder.redo() == 2)
        #expect(recorder.state.count == 2)
        try recorder.jump(to: 0)
        #expect(recorder.state.count == 0)
        recorder.dispatch(.add(text: "after travel"))          // step 5, branching from step 0
        #expect(recorder.state == NotesApp.State(count: 0, nextID: 2, notes: [.init(id: 1, text: "after travel")]))
        #expect(throws: RecorderError.nothingToRedo) { try recorder.redo() }
        #expect(try recorder.undo() == 0)
        try recorder.close()
        subscription.cancel()
        #expect(seen.all == ["1", "2", "3", "4", "3", "1", "2", "0"])

        let reader = try JournalReader(path: path)
        #expect(reader.lastStep == 5)
        #expect(reader.parent(ofStep: 5) == 0)
        #expect(try Self.decode(reader.state(at: 5)).notes.map(\.text) == ["after travel"])
        #expect(try Self.decode(reader.state(at: 4)).count == 4)
        let travels = reader.events.compactMap { located -> String? in
            guard case .travel(let after, _, let kind, let to, _) = located.event else { return nil }
            return "\(kind) \(after)→\(to)"
        }
        #expect(travels == ["undo 4→3", "undo 4→1", "redo 4→2", "jump 4→0", "undo 5→0"])
        #expect(reader.validate().isEmpty)
    }

    @Test func resumingCutsATornLineAndContinuesFromTheLastState() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("resume.jsonl")
        let first = try Recorder(app: NotesApp.app, journal: path, clock: RecordingClock.fixed())
        first.dispatch(.add(text: "one"))
        first.dispatch(.add(text: "two"))
        try first.close()
        // A crash mid-write leaves half a line.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"step":3,"kind":"patch","ti"#.utf8))
        try handle.close()

        let messages = MessageLog()
        let second = try Recorder.resume(app: NotesApp.app, journal: path, clock: RecordingClock.fixed(),
                                         onError: { messages.append($0) })
        #expect(second.state.notes.map(\.text) == ["one", "two"])
        second.dispatch(.add(text: "three"))
        try second.close()
        #expect(messages.all.count == 1)
        #expect(messages.all.first?.contains("line 5 is incomplete") == true, "after the header, two steps and the closing line")

        let reader = try JournalReader(path: path)
        #expect(reader.torn == nil)
        #expect(reader.lastStep == 3)
        #expect(try Self.decode(reader.state(at: 3)).notes.map(\.text) == ["one", "two", "three"])
        #expect(reader.events.contains { if case .marker(2, _, "resumed") = $0.event { true } else { false } })
        #expect(reader.validate().isEmpty)
    }

    @Test func concurrentDispatchesAreEachRecordedOnceInTheOrderApplied() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("concurrent.jsonl")
        var options = RecorderOptions()
        options.queueCapacity = 16 // exercise backpressure
        let recorder = try Recorder(app: NotesApp.app, journal: path, options: options, clock: RecordingClock.fixed())
        let order = MessageLog()
        recorder.store.addObserver(StoreObserver { event in
            if case .processed(let action, _, .applied) = event {
                order.append(NotesApp.app.describer.describe(action).label)
            }
        })
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<100 { recorder.dispatch(.add(text: "\(task)-\(index)")) }
                }
            }
        }
        try recorder.close()
        let reader = try JournalReader(path: path)
        #expect(reader.lastStep == 800)
        var labels: [String] = []
        for step in 1...800 { labels.append(try reader.action(at: step).label) }
        #expect(labels == order.all)
        #expect(Set(labels).count == 800)
        // Replaying the journal's actions through the reducer reproduces the final state.
        let replayer = try NotesApp.app.makeReplayer(from: reader.header.initialState)
        for step in 1...800 { _ = try replayer.apply(try reader.action(at: step)) }
        #expect(replayer.state == (try reader.state(at: 800)))
    }

    @Test func aSizeLimitRollsOverToANewFileThatStartsFromTheCurrentState() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("roll.jsonl")
        var options = RecorderOptions()
        options.maxFileBytes = 4000
        options.limit = .roll
        let recorder = try Recorder(app: NotesApp.app, journal: path, options: options, clock: RecordingClock.fixed())
        for index in 0..<60 { recorder.dispatch(.add(text: "a fairly long note number \(index)")) }
        let final = recorder.state
        try recorder.close()
        let first = try JournalReader(path: path)
        let second = try JournalReader(path: directory.file("roll.2.jsonl"))
        #expect(second.header.previousFile == "roll.jsonl")
        #expect(second.header.firstStep == first.lastStep + 1)
        #expect(second.header.initialState == (try first.state(at: first.lastStep)))
        // The rolled-over file is created later, but its lines count their `ms` from the session's origin.
        #expect(second.header.created != first.header.created)
        #expect(second.header.origin == first.header.origin && first.header.origin != nil)
        let origin = first.header.origin ?? 0
        #expect(try second.step(second.header.firstStep).time == origin + 1000 * Int64(second.header.firstStep),
                "the fixed clock gives step N the time origin + N seconds")
        var last = second
        var segment = 2
        while FileManager.default.fileExists(atPath: directory.file("roll.\(segment + 1).jsonl")) {
            segment += 1
            last = try JournalReader(path: directory.file("roll.\(segment).jsonl"))
        }
        #expect(last.lastStep == 60)
        #expect(try Self.decode(last.state(at: 60)) == final)
    }

    @Test func aSizeLimitCanStopRecordingInstead() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("stop.jsonl")
        var options = RecorderOptions()
        options.maxFileBytes = 3000
        options.limit = .stop
        let recorder = try Recorder(app: NotesApp.app, journal: path, options: options, clock: RecordingClock.fixed())
        for index in 0..<60 { recorder.dispatch(.add(text: "a fairly long note number \(index)")) }
        #expect(recorder.state.notes.count == 60)
        try recorder.close()
        let reader = try JournalReader(path: path)
        #expect(reader.lastStep < 60)
        #expect(reader.events.last.map { if case .marker(_, _, let name) = $0.event { name.contains("limit") } else { false } } == true)
    }

    @Test func commandFailuresAreJournaled() async throws {
        struct Offline: Error, CustomStringConvertible { var description: String { "the network is offline" } }
        let directory = try TemporaryDirectory()
        let path = directory.file("command.jsonl")
        let recorder = try Recorder(app: NotesApp.app, journal: path, clock: RecordingClock.fixed(),
                                    diagnostics: StoreDiagnostics(dispatchInsideReducer: { _ in }, commandFailed: { _ in }))
        await recorder.run(Command(name: "sync") { _ in throw Offline() }).value
        recorder.flush()
        try recorder.close()
        let reader = try JournalReader(path: path)
        #expect(reader.events.map(\.event) == [.commandError(after: 0, time: reader.events.first.map { event in
            if case .commandError(_, let time, _, _) = event.event { time } else { 0 }
        } ?? 0, command: "sync", error: "the network is offline")])
    }

    @Test func replayingAnUnknownActionTypeIsAClearError() throws {
        let replayer = try NotesApp.app.makeReplayer(from: try NotesApp.app.initialStateJSON())
        let unknown = JournalAction(type: "notes.archive", label: "notes.archive", payload: ["archive": [:]])
        #expect(throws: ReplayError.unknownActionType("notes.archive", detail: "known types: notes.add, notes.increment, notes.login, notes.remove")) {
            try replayer.apply(unknown)
        }
    }
}

/// Collects strings from any thread.
final class MessageLog: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func append(_ message: String) {
        lock.lock()
        messages.append(message)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return messages
    }
}
