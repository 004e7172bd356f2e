import ExampleApps
import Foundation
import StateJournal
import Testing
import TestSupport
import StatedbgCLI
import TerminalKit

/// `check` and `replay --verify --quiet` follow a large state through its patches in place and hash
/// each step at the cost of its change: one edited step in the middle of a long tracker journal must
/// still be found, at that step, by both.
@Suite struct TamperedTrackerJournalTests {
    private static let steps = 1500
    /// A patch step in the middle, after a keyframe and before the next.
    private static let tampered = 700

    /// A tracker journal with step 700's line changed by `edit` and resealed, so that only what the
    /// commands rebuild or replay can tell; as recorded without `edit`.
    private func journal(in directory: TemporaryDirectory, _ edit: ((String) -> String)? = nil) throws {
        let path = directory.file("t.jsonl")
        let record = CommandRun.statedbg(["record", "tracker", "--steps", "\(Self.steps)", "--fixed-clock", "-o", path],
                                         in: directory, apps: Examples.all)
        #expect(record.status == .success)
        guard let edit else { return }
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix(#"{"step":\#(Self.tampered),"#) })
        #expect(index == Self.tampered)
        #expect(lines[index].contains(#""patch":["#))
        let edited = edit(lines[index])
        #expect(edited != lines[index])
        lines[index] = edited
        try LineChecksum.resealed(lines.joined(separator: "\n")).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The line with the first number its patch writes to `/lastActivity` changed.
    private static func editedPatch(_ line: String) -> String {
        line.replacingOccurrences(of: #"{"op":"replace","path":"/lastActivity","value":"#,
                                  with: #"{"op":"replace","path":"/lastActivity","value":1"#)
    }

    @Test func aTamperedPatchIsFoundAtItsStepByCheck() throws {
        let directory = try TemporaryDirectory()
        try journal(in: directory, Self.editedPatch)
        let run = CommandRun.statedbg("check", "@t.jsonl", in: directory, apps: Examples.all)
        #expect(run.status == .checkFailed)
        #expect(run.output.hasPrefix("t.jsonl:701: step 700 records hash "), "\(run.output)")
        #expect(run.output.contains("; the journal was edited or damaged.\n"))
        #expect(run.output.hasSuffix("t.jsonl: 1 problem in 1,500 steps.\n"), "\(run.output)")
    }

    @Test func aTamperedPatchIsFoundAtItsStepByQuietVerify() throws {
        let directory = try TemporaryDirectory()
        try journal(in: directory, Self.editedPatch)
        let run = CommandRun.statedbg("replay", "--verify", "--quiet", "@t.jsonl", in: directory, apps: Examples.all)
        #expect(run.status == .dataError)
        #expect(run.output == "")
        #expect(run.error.hasPrefix("statedbg: error: t.jsonl:701: step 700 records hash "), "\(run.error)")
        #expect(run.error.hasSuffix("; the journal was edited or damaged.\n"))
    }

    @Test func aTamperedActionDivergesAtItsStepInQuietVerify() throws {
        let directory = try TemporaryDirectory()
        // The payload asks for another amount than the one the recorded state holds.
        try journal(in: directory) { line in
            line.replacingOccurrences(of: #""payload":{"addItem":{"amount":48.75,"#, with: #""payload":{"addItem":{"amount":12.5,"#)
        }
        let run = CommandRun.statedbg("replay", "--verify", "--quiet", "@t.jsonl", in: directory, apps: Examples.all)
        #expect(run.status == .checkFailed)
        #expect(run.error == "")
        #expect(run.output.hasPrefix("""
            schema: compatible: the recording's state and action types match the current code
            t.jsonl:701: step 700 (tracker.addItem(projectID: 53, amount: 48.75, notes: "rainy", at: 2026-05-03T01:00:50.000Z)) diverges:
            """), "\(run.output)")
        // The recorded states themselves are intact: the check, which does not replay, passes.
        let check = CommandRun.statedbg("check", "@t.jsonl", in: directory, apps: Examples.all)
        #expect(check.status == .success)
        #expect(check.output == "t.jsonl: no problems in 1,500 steps.\n")
    }

    @Test func theUntamperedJournalPassesBoth() throws {
        let directory = try TemporaryDirectory()
        try journal(in: directory)
        let check = CommandRun.statedbg("check", "@t.jsonl", in: directory, apps: Examples.all)
        #expect(check.status == .success)
        #expect(check.output == "t.jsonl: no problems in 1,500 steps.\n")
        let verify = CommandRun.statedbg("replay", "--verify", "--quiet", "@t.jsonl", in: directory, apps: Examples.all)
        #expect(verify.status == .success)
        #expect(verify.output == """
            schema: compatible: the recording's state and action types match the current code
            verified 1500 steps: every state matches

            """)
    }
}
