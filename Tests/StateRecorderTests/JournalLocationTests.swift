import Foundation
import StateJournal
@testable import StateRecorder
import StateSync
import TestSupport
import Testing

/// A relative journal path in an app on an Apple platform goes in its Application Support folder; here the
/// folder is handed in, as the platform would hand in its own.
@Suite struct JournalLocationTests {
    private static func record(to path: String, location: JournalLocation) throws -> Recorder<Int, Int> {
        let recorder = try Recorder<Int, Int>(
            journal: path, app: "counter", schema: AppSchema(initialState: 0, actionSamples: [Int](), actions: ActionRegistry()),
            initialState: 0, actions: ActionRegistry(), options: RecorderOptions(), owner: .app(setState: nil),
            clock: RecordingClock.fixed(), onError: { _ in }, location: location)
        recorder.record(1, state: 1)
        try recorder.close()
        return recorder
    }

    @Test func aRelativePathGoesUnderTheFolderWhichIsMadeAndTheRecorderSaysWhere() throws {
        let directory = try TemporaryDirectory()
        let support = directory.file("Library/Application Support")
        let said = Locked<[String]>([])
        let location = JournalLocation.under(support) { line in said.withLock { $0.append(line) } }
        let recorder = try Self.record(to: "counter.jsonl", location: location)
        #expect(recorder.path == support + "/counter.jsonl")
        #expect(try JournalReader(path: recorder.path).lastStep == 1)
        #expect(said.withLock { $0 } == ["statedbg: recording to \(support)/counter.jsonl"])
        // The second recording under the same name is numbered, and the notice names the file it went to.
        let second = try Self.record(to: "counter.jsonl", location: location)
        #expect(second.path == support + "/counter-2.jsonl")
        #expect(said.withLock { $0 }.last == "statedbg: recording to \(support)/counter-2.jsonl")
    }

    @Test func anAbsolutePathIsKeptAndNothingIsSaid() throws {
        let directory = try TemporaryDirectory()
        let said = Locked<[String]>([])
        let location = JournalLocation.under(directory.file("unused")) { line in said.withLock { $0.append(line) } }
        let recorder = try Self.record(to: directory.file("counter.jsonl"), location: location)
        #expect(recorder.path == directory.file("counter.jsonl"))
        #expect(said.withLock { $0 }.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.file("unused")))
    }

    @Test func aFolderThatCannotBeMadeIsAnErrorThatSaysWhatToDo() throws {
        let directory = try TemporaryDirectory()
        // A file where the folder would go: nothing can be made under it.
        let blocker = try directory.write("", to: "Library")
        let location = JournalLocation.under(blocker + "/Application Support") { _ in }
        let error = #expect(throws: JournalError.self) { try Self.record(to: "counter.jsonl", location: location) }
        #expect(error?.category == .ioError)
        #expect(error?.path == blocker + "/Application Support")
        #expect(error?.description.contains("cannot create the folder for journals given by a relative path") == true)
        #expect(error?.description.hasSuffix("give the recorder an absolute path instead.") == true)
    }

    #if os(Linux)
    @Test func onLinuxARelativePathStaysRelativeToTheWorkingDirectory() throws {
        #expect(try JournalLocation.platform.resolve("users.jsonl") == "users.jsonl")
        #expect(try JournalLocation.platform.resolve("/tmp/users.jsonl") == "/tmp/users.jsonl")
    }
    #endif
}
