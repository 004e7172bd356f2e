import TestSupport
import Foundation
import StateJournal
import Testing
import StatedbgCLI
import TerminalKit

/// `replay --verify --quiet` reads each line once, replaying and checking the recorded states in the
/// same pass: it must still find everything the two passes found, in the same order of precedence.
@Suite struct QuietVerifyTests {
    /// The wallet recording with step 4's state edited (and the line resealed, so only the hash tells).
    private func editedRecording(in directory: TemporaryDirectory) throws {
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix(#"{"step":4,"#) })
        #expect(lines[index].contains(#""balance":0,"#))
        lines[index] = lines[index].replacingOccurrences(of: #""balance":0,"#, with: #""balance":1,"#)
        try LineChecksum.resealed(lines.joined(separator: "\n")).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func aDamagedStateAfterADivergenceOutweighsIt() throws {
        let directory = try TemporaryDirectory()
        try editedRecording(in: directory)
        // The changed reducer diverges at step 2; step 4's recorded state does not have its hash.
        for options in [["-q"], ["-q", "--json"]] {
            let run = CommandRun.statedbg(["replay", "@w.jsonl", "--verify"] + options, in: directory,
                                          apps: [WalletFixture.app(payMultiplier: 2)])
            #expect(run.status == .dataError)
            #expect(run.output == "")
            #expect(run.error.hasPrefix("statedbg: error: w.jsonl:7: step 4 records hash "))
            #expect(run.error.hasSuffix("; the journal was edited or damaged.\n"))
        }
    }

    @Test func aDamagedStateIsFoundWhenEveryReplayedStateMatches() throws {
        let directory = try TemporaryDirectory()
        try editedRecording(in: directory)
        let run = CommandRun.statedbg("replay", "@w.jsonl", "--verify", "-q", in: directory)
        #expect(run.status == .dataError)
        #expect(run.error.hasPrefix("statedbg: error: w.jsonl:7: step 4 records hash "))
        let several = CommandRun.statedbg("replay", "@w.jsonl", "@w.jsonl", "--verify", "-q", in: directory)
        #expect(several.status == .dataError)
        #expect(several.output.hasPrefix("w.jsonl:7: error: step 4 records hash "))
        #expect(several.output.hasSuffix("; the journal was edited or damaged.\n2 recordings: 0 passed, 0 failed, 2 errors\n"))
    }

    @Test func stepsAfterTheLastAskedForAreNotRead() throws {
        let directory = try TemporaryDirectory()
        try editedRecording(in: directory)
        let run = CommandRun.statedbg("replay", "@w.jsonl", "--verify", "-q", "--to", "3", in: directory,
                                      apps: [WalletFixture.app(payMultiplier: 2)])
        #expect(run.status == .checkFailed)
        #expect(run.error == "")
        #expect(run.output.hasPrefix("""
            schema: compatible: the recording's state and action types match the current code
            w.jsonl:3: step 2 (wallet.pay(to: "donald", amount: 10)) diverges:
            """))
        let clean = CommandRun.statedbg("replay", "@w.jsonl", "--verify", "-q", "--to", "3", in: directory)
        #expect(clean.status == .success)
        #expect(clean.output == """
            schema: compatible: the recording's state and action types match the current code
            verified 3 steps: every state matches

            """)
    }
}
