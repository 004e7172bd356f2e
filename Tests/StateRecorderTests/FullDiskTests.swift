import TestSupport
import Foundation
import StateJournal
import Testing

/// A journal that runs out of room: the app goes on running, the recorder tells it once, and the file
/// stays a valid journal up to its last whole line.
@Suite struct FullDiskTests {
    @Test func anAppWhoseJournalRunsOutOfRoomKeepsRunningAndIsToldOnce() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("full.jsonl")
        let run = try ExitFlushProbe.runOutOfRoom(path: path, steps: 5000, limitKiB: 16)
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "state 5000", "the app ran all its steps: \(run.output)")
        #expect(lines.dropFirst().first == "errors 1", "\(run.output)")
        #expect(lines.contains { $0.hasPrefix("error ") && $0.contains("cannot write to the journal: file too large") }, "\(run.output)")

        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(size <= 16 * 1024)
        var options = JournalReader.Options()
        options.lineProblemLimit = 100
        let reader = try JournalReader(path: path, options: options)
        // Only a torn last line, and only when the limit fell inside one.
        #expect(reader.lineProblems.isEmpty)
        #expect(reader.validate().allSatisfy { $0.message.contains("is incomplete") })
        #expect(reader.lastStep > 10 && reader.lastStep < 5000)
        let acknowledged = lines.first { $0.hasPrefix("acknowledged ") }.flatMap { Int($0.dropFirst("acknowledged ".count)) } ?? -1
        #expect(acknowledged <= reader.lastStep, "every acknowledged step is in the file")
    }
}
