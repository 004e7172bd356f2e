import ExampleApps
import Foundation
import StateDebugger
import StateJournal
import StateRecorder
import TestSupport
import Testing

/// A journal read while its app still writes it.
@Suite struct FollowedJournalTests {
    @Test func takesNewStepsOnRefreshAndLeavesAHalfWrittenLineForLater() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("live.jsonl")
        let store = try RecordingStore(app: CounterApp.app, journal: path, clock: RecordingClock.fixed())
        store.dispatch(.increase)
        store.flush()
        let journal = try FollowedJournal(path: path)
        let timeline = Timeline(source: journal)
        #expect(journal.lastStep == 1)
        #expect(try journal.refresh() == 0)

        store.dispatch(.increase)
        store.dispatch(.decrease)
        store.mark("checked")
        store.flush()
        #expect(try journal.refresh() == 2)
        #expect(journal.events.count == 1)
        #expect(timeline.lastStep == 1, "the timeline's main branch grows only when told to follow")
        #expect(timeline.followSource())
        #expect(timeline.lastStep == 3)
        try timeline.jump(to: 3)
        #expect(try timeline.currentState() == ["counter": 1])

        try store.close()
        // A writer killed mid-line leaves half a line: it is not a step until it is whole.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"step":4,"kind":"keyframe","time":1,"act"#.utf8))
        try handle.close()
        #expect(try journal.refresh() == 0)
        #expect(journal.lastStep == 3)
    }

    @Test func knowsWhenTheRecorderClosedTheJournalUntilARecordingResumesIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("live.jsonl")
        let store = try RecordingStore(app: CounterApp.app, journal: path, clock: RecordingClock.fixed())
        store.dispatch(.increase)
        store.flush()
        let journal = try FollowedJournal(path: path)
        #expect(journal.closedAfterStep == nil)
        store.dispatch(.increase)
        try store.close()
        try journal.refresh()
        #expect(journal.closedAfterStep == 2)
        #expect(journal.lastStep == 2)
        #expect(journal.events.isEmpty, "the closing line is not one of the recording's events")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.last?.hasPrefix(#"{"event":"closed","after":2,"time":"#) == true)

        let resumed = try RecordingStore.resume(app: CounterApp.app, journal: path, clock: RecordingClock.fixed())
        resumed.dispatch(.decrease)
        resumed.flush()
        try journal.refresh()
        #expect(journal.closedAfterStep == nil, "a resumed recording is open again")
        #expect(journal.lastStep == 3)
        try resumed.close()
        try journal.refresh()
        #expect(journal.closedAfterStep == 3)
    }

    @Test func aClosingLineThatNamesAnotherStepIsDamage() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("live.jsonl")
        let store = try RecordingStore(app: CounterApp.app, journal: path, clock: RecordingClock.fixed())
        store.dispatch(.increase)
        store.dispatch(.increase)
        try store.close()
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let closing = try #require(text.split(separator: "\n").last)
        // A line written whole, checksum and all, that says the wrong step.
        var wrong: [UInt8] = []
        JournalEvent.closed(after: 1, time: 0).write(to: &wrong)
        text = text.replacingOccurrences(of: String(closing) + "\n", with: String(decoding: wrong, as: UTF8.self))
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            _ = try FollowedJournal(path: path)
        } throws: { error in
            "\(error)".contains("live.jsonl:4: the closing line says the recording was closed after step 1, but the last step before it is 2.")
        }
    }

    @Test func aJournalThatLosesStepsWhileFollowedIsAnErrorAndTheSourceKeepsWhatItHad() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("live.jsonl")
        let store = try RecordingStore(app: CounterApp.app, journal: path, clock: RecordingClock.fixed())
        store.dispatch(.increase)
        store.dispatch(.increase)
        try store.close()
        let journal = try FollowedJournal(path: path)
        let replacement = try RecordingStore(app: CounterApp.app, journal: path,
                                             options: { var options = RecorderOptions(); options.overwrite = true; return options }(),
                                             clock: RecordingClock.fixed())
        try replacement.close()
        #expect(throws: DebuggerError.self) { try journal.refresh() }
        #expect(journal.lastStep == 2)
    }

    @Test func refreshReadsOnlyTheAppendedBytes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("live.jsonl")
        let store = try RecordingStore(app: CounterApp.app, journal: path, clock: RecordingClock.fixed())
        store.dispatch(.increase)
        store.flush()
        let journal = try FollowedJournal(path: path)
        // Overwrite the first step's line in place with letters (same length): a fresh scan notes the
        // damaged line 2, so a refresh whose reader notes none did not scan those bytes again.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let headerLength = try #require(bytes.firstIndex(of: 0x0A))
        let stepEnd = try #require(bytes[(headerLength + 1)...].firstIndex(of: 0x0A))
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        handle.seek(toFileOffset: UInt64(headerLength + 1))
        handle.write(Data(repeating: UInt8(ascii: "x"), count: stepEnd - headerLength - 1))
        try handle.close()
        #expect(try FollowedJournal(path: path).reader.lineProblemCount == 1, "a fresh scan finds the damaged line")

        store.dispatch(.increase)
        store.dispatch(.increase)
        store.mark("appended")
        try store.close()
        #expect(try journal.refresh() == 2)
        #expect(journal.lastStep == 3)
        #expect(journal.events.map(\.line) == [5])
        #expect(journal.line(ofStep: 3) == 4)
        #expect(throws: Never.self) { _ = try journal.actionAndHash(at: 3) }
        #expect(journal.reader.lineProblemCount == 0)
    }
}
