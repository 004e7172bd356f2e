import Foundation
import StateJournal
import StateRecorder
import StateSync
import Testing
import TestSupport

/// A state that encodes as arrays nested `levels` deep: `[[[]]]` for 3.
private struct Nested: Codable, Sendable {
    var levels: Int

    init(levels: Int) {
        self.levels = levels
    }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var levels = 1
        // Bounded: the recorder's schema probe answers every container with another one, and the
        // schema it records is as deep as this reads.
        while !container.isAtEnd, levels < 8 {
            container = try container.nestedUnkeyedContainer()
            levels += 1
        }
        self.levels = levels
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for _ in 1..<max(1, levels) {
            let inner = container.nestedUnkeyedContainer()
            container = inner
        }
    }
}

/// The recorder writes no step its readers would refuse (``JournalLimits``): it reports the step once,
/// stops, and leaves a journal that every reader reads, up to the step before.
@Suite struct RecorderJournalLimitsTests {
    @Test(arguments: [RecorderOptions.StateCapture.onCallingThread, .onWriterThread])
    func aStateNestedDeeperThanReadersReadIsReportedOnceAndNotWritten(capture: RecorderOptions.StateCapture) throws {
        let directory = try TemporaryDirectory()
        let messages = Locked<[String]>([])
        var options = RecorderOptions()
        options.stateCapture = capture
        let recorder = try Recorder<Nested, String>(
            journal: directory.file("deep.jsonl"), app: "deep", initialState: Nested(levels: 2), options: options,
            clock: RecordingClock.fixed(), onError: { message in messages.withLock { $0.append(message) } })
        recorder.record("deeper", state: Nested(levels: 20))
        recorder.record("deeper", state: Nested(levels: JournalLimits.maxValueDepth + 1))
        recorder.record("shallower", state: Nested(levels: 3))
        recorder.flush()
        #expect(throws: RecorderError.self) { try recorder.close() }

        #expect(messages.withLock { $0 } == [
            "statedbg could not encode an entry for \(recorder.path) and stopped recording: step 2 was not written: \"state\" nests arrays and objects deeper than 511 levels, the most a journal line holds there; no statedbg reader would read it.",
        ])
        #expect(recorder.acknowledgedStep == 1)
        let reader = try JournalReader(path: recorder.path)
        #expect(reader.lastStep == 1)
        #expect(reader.validate().isEmpty)
    }

    @Test func theDeepestStateReadersReadIsRecordedAndReadBack() throws {
        let directory = try TemporaryDirectory()
        let messages = Locked<[String]>([])
        let recorder = try Recorder<Nested, String>(
            journal: directory.file("deepest.jsonl"), app: "deep", initialState: Nested(levels: 2),
            clock: RecordingClock.fixed(), onError: { message in messages.withLock { $0.append(message) } })
        recorder.record("deeper", state: Nested(levels: JournalLimits.maxValueDepth))
        recorder.record("shallower", state: Nested(levels: 1))
        try recorder.close()
        #expect(messages.withLock { $0 }.isEmpty)
        let reader = try JournalReader(path: recorder.path)
        #expect(reader.lastStep == 2)
        #expect(reader.validate().isEmpty)
    }

    @Test func anAppUnderAFileSizeLimitIsNotKilledAndItsJournalEndsAfterAWholeLine() throws {
        // No `trap '' XFSZ` in the child: the signal keeps its default action, which ends the process.
        let directory = try TemporaryDirectory()
        let path = directory.file("limited.jsonl")
        let run = try ExitFlushProbe.runOutOfRoom(path: path, steps: 5000, limitKiB: 16, ignoringSIGXFSZ: false)
        #expect(run.status == 0, "the app was not killed by SIGXFSZ: \(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "state 5000", "the app ran all its steps: \(run.output)")
        #expect(lines.dropFirst().first == "errors 1", "\(run.output)")
        #expect(lines.contains { $0.hasPrefix("error ") && $0.contains("cannot write to the journal: file too large") }, "\(run.output)")

        var options = JournalReader.Options()
        options.lineProblemLimit = 100
        let reader = try JournalReader(path: path, options: options)
        #expect(reader.torn == nil, "only whole lines were written")
        #expect(reader.validate().isEmpty)
        #expect(reader.lastStep > 10 && reader.lastStep < 5000)
        let acknowledged = lines.first { $0.hasPrefix("acknowledged ") }.flatMap { Int($0.dropFirst("acknowledged ".count)) } ?? -1
        #expect(acknowledged <= reader.lastStep, "every acknowledged step is in the file")
    }
}
