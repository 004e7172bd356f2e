import TestSupport
import Foundation
import Testing
import StatedbgCLI
import TerminalKit

/// A path that selects nothing in any step is a mistake, named with the nearest existing key, in every
/// command that takes a path or predicate; a path that exists somewhere keeps its ordinary answer.
@Suite struct PathSelectsNothingTests {
    @Test(arguments: [
        (["show", "@w.jsonl", "--path", ".paid.donlad"], ".paid.donlad", ".paid.donald"),
        (["changes", "@w.jsonl", ".ownr"], ".ownr", ".owner"),
        (["bisect", "@w.jsonl", ".balanse < 0"], ".balanse", ".balance"),
        (["minimize", "@w.jsonl", ".paid.donlad > 100", "-o", "@m.jsonl"], ".paid.donlad", ".paid.donald"),
        (["changes", "@w.jsonl", ".paid[*].amont"], ".paid[*].amont", nil),
        (["bisect", "@w.jsonl", "..Balance == 0"], "..Balance", "..balance"),
    ] as [([String], String, String?)])
    func aMistypedPathIsAnErrorNamingTheNearestKey(arguments: [String], path: String, nearest: String?) throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg(arguments, in: directory)
        #expect(run.status == .usage)
        #expect(run.output == "")
        let hint = nearest.map { "; did you mean \($0)?" } ?? ", and nothing near it exists either."
        #expect(run.error == "statedbg: error: w.jsonl: \(path) selects nothing in any step of the recording\(hint)\n")
        #expect(!FileManager.default.fileExists(atPath: directory.file("m.jsonl")))
    }

    @Test func aPathThatExistsInSomeStepKeepsItsAnswer() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        // .paid.donald appears at step 2: at step 1 it selects nothing, which is an answer, not a mistake.
        let show = CommandRun.statedbg("show", "@w.jsonl", "--step", "1", "--path", ".paid.donald", in: directory)
        #expect(show.status == .checkFailed)
        #expect(show.error == "statedbg: error: w.jsonl: .paid.donald selects nothing in the state after step 1.\n")
        let bisect = CommandRun.statedbg("bisect", "@w.jsonl", ".balance < 0", in: directory)
        #expect(bisect.status == .checkFailed)
    }
}
