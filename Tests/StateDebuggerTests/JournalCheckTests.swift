import TestFixtures
import TestSupport
import Foundation
import StateDebugger
import StateJournal
import Testing

@Suite struct JournalCheckTests {
    private func tornJournal(in directory: TemporaryDirectory) throws -> (path: String, original: Data) {
        let path = try Recordings.write(Recordings.increments(3), to: directory.file("torn.jsonl"))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"step":4,"kind":"keyfr"#.utf8))
        try handle.close()
        return (path, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func aSoundJournalPasses() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write(Recordings.increments(3), to: directory.file("sound.jsonl"))
        let report = try JournalCheck.check(path: path)
        #expect(report.passed)
        #expect(report.description == "\(path): no problems in 3 steps.")
        #expect(try JournalCheck.repair(path: path).description == "\(path): nothing to repair; the last line is complete.")
        #expect(!FileManager.default.fileExists(atPath: path + ".bak"))
    }

    @Test func reportsATornLastLineAndRepairsItWithABackup() throws {
        let directory = try TemporaryDirectory()
        let (path, original) = try tornJournal(in: directory)
        let report = try JournalCheck.check(path: path)
        #expect(!report.passed)
        #expect(report.torn?.line == 5)
        #expect(report.description == """
            \(path):5: line 5 is incomplete (23 bytes with no line feed), as left by a writer that stopped mid-line; everything before it is intact; `statedbg check --repair` cuts it off.
            \(path): 1 problem in 3 steps.
            """)

        let repair = try JournalCheck.repair(path: path)
        #expect(repair.description == "\(path): cut the incomplete line 5 (23 bytes); the original is in \(path).bak.")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".bak")) == original)
        #expect(try JournalCheck.check(path: path).passed)
        #expect(try JournalSource(path: path).lastStep == 3)
    }

    @Test func neverOverwritesAnExistingBackup() throws {
        let directory = try TemporaryDirectory()
        let (path, original) = try tornJournal(in: directory)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path + ".bak"))
        let repair = try JournalCheck.repair(path: path)
        #expect(repair.backupPath == path + ".bak.1")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".bak")) == Data("keep me".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".bak.1")) == original)
    }

    @Test func reportsAFileThatCannotBeIndexedAsAProblem() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("headless.jsonl")
        try Data("{\"step\":1,\"kind\":\"keyframe\",\"time\":0,\"action\":{\"type\":\"x\"},\"state\":1,\"hash\":\"0000000000000000\"}\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        let report = try JournalCheck.check(path: path)
        #expect(!report.passed)
        #expect(report.problems.first?.line == 1)
        #expect(throws: DebuggerError.self) { try JournalCheck.check(path: directory.file("missing.jsonl")) }
    }

    @Test func reportsAStepWhoseHashDoesNotMatch() throws {
        let directory = try TemporaryDirectory()
        let path = try Recordings.write(Recordings.increments(3), to: directory.file("edited.jsonl"))
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = LineChecksum.resealed(text.replacingOccurrences(of: #""state":{"count":2,"#, with: #""state":{"count":7,"#))
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let report = try JournalCheck.check(path: path)
        #expect(report.problems.map(\.line) == [3])
        #expect(report.problems.first?.description.contains("step 2 records hash") == true)
    }
}
