import ExampleApps
import Foundation
import StateJournal
import StateRecorder
import Testing
import TestSupport

/// A version 6 journal's step lines count their `ms` from the header's origin, the session's start:
/// a store that resumes the journal, and the live stream it serves, go on counting from it.
@Suite struct StepTimeOriginTests {
    @Test func aResumedJournalAndItsLiveStreamKeepTheSessionsOrigin() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("t.jsonl")
        let record = CommandRun.statedbg(["record", "tracker", "--steps", "50", "--fixed-clock", "-o", path], in: directory, apps: Examples.all)
        #expect(record.status == .success)
        let recorded = try JournalReader(path: path)
        let origin = try #require(recorded.header.origin)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#","ms":2000,"action":"#))

        let resumedAt = origin + 3_600_000
        let mirror = try ResumedTrackerMirror.record(journal: path, in: directory, now: resumedAt, seed: 5, steps: 20)

        let resumed = try JournalReader(path: path)
        #expect(resumed.header.origin == origin)
        #expect(try resumed.step(51).time == resumedAt)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#","ms":3600000,"action":"#))
        // The stream starts at a header of its own, made when the store resumed; its origin is the session's.
        let streamed = try JournalReader(path: mirror)
        #expect(streamed.header.firstStep == 51)
        #expect(streamed.header.origin == origin)
        #expect(try (51...70).map { try streamed.step($0).time } == (51...70).map { try resumed.step($0).time })
    }
}
