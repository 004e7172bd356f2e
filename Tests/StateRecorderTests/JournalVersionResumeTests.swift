import Foundation
import StateJournal
import StateRecorder
import TestSupport
import Testing

/// A journal keeps its format version: a recorder resuming a version 3 file writes its actions in full,
/// as version 3 did, while a new file (version 5) writes them as their call where it can.
@Suite struct JournalVersionResumeTests {
    typealias Recorder = RecordingStore<NotesApp.State, NotesApp.Action>

    @Test func aRecorderResumingAVersion3JournalWritesItsActionsInFull() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("notes.jsonl")
        let first = try Recorder(app: NotesApp.app, journal: path, clock: RecordingClock.fixed())
        first.dispatch(.add(text: "one"))
        first.dispatch(.add(text: "two"))
        try first.close()
        let recorded = try String(contentsOfFile: path, encoding: .utf8)
        #expect(recorded.contains(#""action":{"call":"#), "a new journal writes calls")

        // The same steps as version 3 wrote them.
        let reader = try JournalReader(path: path)
        #expect(reader.header.version == JournalFormat.currentVersion)
        var header = reader.header
        header.version = 3
        let builder = JournalBuilder(header: header)
        var bytes: [UInt8] = []
        builder.writeHeader(into: &bytes)
        for step in 1...reader.lastStep {
            builder.appendStep(action: try reader.step(step).action, state: try reader.state(at: step), time: 0, into: &bytes)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(!String(decoding: bytes, as: UTF8.self).contains(#""call":"#))

        let second = try Recorder.resume(app: NotesApp.app, journal: path, clock: RecordingClock.fixed())
        second.dispatch(.add(text: "three"))
        try second.close()
        let resumed = try JournalReader(path: path)
        #expect(resumed.header.version == 3)
        #expect(resumed.lastStep == 3)
        #expect(resumed.validate().isEmpty)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let third = try #require(lines.first { $0.hasPrefix(#"{"step":3,"#) })
        #expect(third.contains(#""action":{"label":"#))
        #expect(!third.contains(#""call":"#))
        #expect(try resumed.step(3).action.type == reader.step(1).action.type)
    }
}
