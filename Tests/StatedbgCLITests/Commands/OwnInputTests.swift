import TestSupport
import Foundation
import Testing
import StatedbgCLI
import TerminalKit

/// No command writes over the file it reads, however the output is named and whether or not `--force`
/// is given; and an output is written whole or not at all.
@Suite struct OwnInputTests {
    static func names(in directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.createSymbolicLink(atPath: directory.file("link.jsonl"), withDestinationPath: directory.file("w.jsonl"))
        try FileManager.default.linkItem(atPath: directory.file("w.jsonl"), toPath: directory.file("hard.jsonl"))
        return [directory.file("w.jsonl"), directory.path + "/./w.jsonl", directory.path + "/../" + URL(fileURLWithPath: directory.path).lastPathComponent + "/w.jsonl",
                directory.file("link.jsonl"), directory.file("hard.jsonl")]
    }

    @Test func minimizeRefusesToWriteOverItsInputUnderAnyName() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        for name in try Self.names(in: directory) {
            let run = CommandRun.statedbg("minimize", "@w.jsonl", ".paid.donald > 100", "-o", name, "--force", in: directory)
            #expect(run.status == .cannotCreate, "\(name)")
            #expect(run.output == "")
            #expect(run.error.hasPrefix("statedbg: error: "), "\(name)")
            #expect(run.error.contains("this is the recording being read"), "\(name)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original, "\(name)")
        }
        let plain = CommandRun.statedbg("minimize", "@w.jsonl", ".paid.donald > 100", "-o", "@w.jsonl", "--force", in: directory)
        #expect(plain.error == "statedbg: error: w.jsonl: this is the recording being read; writing it would destroy it, --force or not, so choose another output file.\n")
    }

    @Test func exportRefusesToWriteOverTheRecording() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        for name in try Self.names(in: directory) {
            let run = CommandRun.statedbg("export", "@w.jsonl", "--test", "-o", name, "--force", in: directory)
            #expect(run.status == .cannotCreate, "\(name)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original, "\(name)")
        }
    }

    @Test func theReplRefusesToSaveOverTheOpenRecording() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let run = CommandRun.statedbg("repl", "@w.jsonl", "-c", "save \(directory.path)/./w.jsonl --force", in: directory)
        #expect(run.status != .success)
        #expect(run.error.contains("this is the recording being read"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        let other = CommandRun.statedbg("repl", "@w.jsonl", "-c", "save \(directory.file("copy.jsonl"))", in: directory)
        #expect(other.status == .success)
        #expect(FileManager.default.fileExists(atPath: directory.file("copy.jsonl")))
        // Nothing is left behind under a temporary name.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["copy.jsonl", "w.jsonl"])
    }
}
