import Foundation
import StateJSON
import StateJournal
import Testing
import TestSupport

/// `statedbg replay --verify` on crash journals, run as a user runs it: the action in flight runs in a
/// child statedbg, whose crash is the verdict.
@Suite struct CrashReproductionTests {
    private let statedbg: StatedbgProcess
    private let directory: TemporaryDirectory

    init() throws {
        statedbg = try StatedbgProcess.locate()
        directory = try TemporaryDirectory()
    }

    private func run(_ arguments: String...) throws -> StatedbgProcess.Result {
        try statedbg.run(arguments, in: directory.path)
    }

    private var schema: String {
        "schema: compatible: the recording's state and action types match the current code"
    }

    @Test func theActionInFlightCrashesTheReducerInAChildAndTheCheckFails() throws {
        try CrashJournalFixture.crash(in: directory)
        let result = try run("replay", "crash.jsonl", "--verify", "--quiet")
        #expect(result.status == 1)
        #expect(!result.signalled)
        #expect(result.output == """
            \(schema)
            verified 49 steps: every state matches
            crash.jsonl:51: step 50 (shopping.toggleSelected) crashes the reducer: SIGILL (Fatal error: Index out of range)
            to stop in the reducer there: lldb -- \(statedbg.path) debug crash.jsonl 50, or gdb --args \(statedbg.path) debug crash.jsonl 50

            """)
        #expect(result.error == "")
    }

    /// `--force` replaces an output, but a flight recorder never writes over a crash journal: it moves
    /// it aside, and `record` says where, so that the user does not take the new file for the old one.
    @Test func recordingAgainOverACrashJournalSaysWhereTheOldOneWent() throws {
        let first = try run("record", "shopping", "-o", "again.jsonl", "--flight", "20", "--seed", "9", "--fixed-clock")
        #expect(first.status == 1)
        #expect(first.error == "")
        let second = try run("record", "shopping", "-o", "again.jsonl", "--flight", "20", "--seed", "9", "--fixed-clock", "--force")
        #expect(second.status == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("again.crash-") }
        #expect(names.count == 1)
        let moved = try #require(names.first)
        #expect(second.error == "statedbg: note: the crash journal an earlier run left at again.jsonl was moved aside to \(moved), not written over.\n")
        let old = try String(contentsOfFile: directory.file(moved), encoding: .utf8)
        #expect(old.split(separator: "\n").last?.hasPrefix(#"{"event":"crashed","#) == true, "the first run's crash journal, whole")
    }

    @Test func aCrashOfAnotherSignalThanTheRecordedOneSaysBoth() throws {
        try CrashJournalFixture.crash(in: directory, signal: "SIGSEGV", number: SIGSEGV)
        let result = try run("replay", "crash.jsonl", "--verify", "--quiet")
        #expect(result.status == 1)
        #expect(result.output.contains("crash.jsonl:51: step 50 (shopping.toggleSelected) crashes the reducer: SIGILL (Fatal error: Index out of range); the app died of SIGSEGV when the journal was written\n"))
    }

    @Test func anActionInFlightThatNoLongerCrashesPrintsTheStateItMakesAndPasses() throws {
        try CrashJournalFixture.crash(in: directory, inFlight: CrashJournalFixture.selectFirst)
        let result = try run("replay", "crash.jsonl", "--verify", "--quiet")
        #expect(result.status == 0)
        #expect(result.output == """
            \(schema)
            verified 49 steps: every state matches
            crash.jsonl:51: step 50 (shopping.select(index: 0)) no longer crashes (the app died of SIGILL running it when the journal was written): the current reducer completes it, making this state:
                {
                  … (1 unchanged),
              -   "selected": 8
              +   "selected": 0
                }

            """)
    }

    @Test func theJSONVerdictHoldsTheCrash() throws {
        try CrashJournalFixture.crash(in: directory)
        let result = try run("replay", "crash.jsonl", "--verify", "--quiet", "--json")
        #expect(result.status == 1)
        let line = try JSONValue(parsing: result.output.trimmingCharacters(in: .newlines))
        let verify = try #require(line["verify"])
        #expect(verify["passed"] == false)
        #expect(verify["crash"] == [
            "step": 50, "inFlight": CrashJournalFixture.toggleSelected.jsonValue, "recordedSignal": "SIGILL", "crashes": true,
            "signal": "SIGILL", "message": "Fatal error: Index out of range",
        ])
    }

    @Test func inProcessTheCrashEndsStatedbgItself() throws {
        try CrashJournalFixture.crash(in: directory)
        let result = try statedbg.run(["replay", "crash.jsonl", "--verify", "--quiet", "--in-process"], in: directory.path,
                                      shell: "export SWIFT_BACKTRACE=enable=no")
        #expect(result.signalled)
        #expect(result.status == SIGILL)
        #expect(result.output == "\(schema)\nverified 49 steps: every state matches\n")
        #expect(result.error.hasPrefix("statedbg: note: running step 50 (shopping.toggleSelected), the action in flight, in this process: if the reducer crashes, the crash ends statedbg, and a debugger attached stops there.\n"))
        #expect(result.error.contains("Fatal error: Index out of range"))
    }

    @Test func inProcessAStepThatCompletesIsReportedAsInAChild() throws {
        try CrashJournalFixture.crash(in: directory, inFlight: CrashJournalFixture.selectFirst)
        let child = try run("replay", "crash.jsonl", "--verify", "--quiet")
        let inProcess = try run("replay", "crash.jsonl", "--verify", "--quiet", "--in-process")
        #expect(inProcess.status == 0)
        #expect(inProcess.output == child.output)
    }

    @Test func inProcessNeedsVerifyAndOneRecording() throws {
        try CrashJournalFixture.crash(in: directory)
        let alone = try run("replay", "crash.jsonl", "--in-process")
        #expect(alone.status == 64)
        #expect(alone.error == "statedbg: error: --in-process runs a crash journal's action in flight, which only --verify runs; add --verify.\n")
        let several = try run("replay", "crash.jsonl", "crash.jsonl", "--verify", "-q", "--in-process")
        #expect(several.status == 64)
    }

    @Test func severalRecordingsEachGetTheirCrashVerdict() throws {
        try CrashJournalFixture.crash(in: directory)
        try CrashJournalFixture.crash("fixed.jsonl", in: directory, inFlight: CrashJournalFixture.selectFirst)
        let result = try run("replay", "crash.jsonl", "fixed.jsonl", "--verify", "-q", "--jobs", "1")
        #expect(result.status == 1)
        #expect(result.output.contains("crash.jsonl:51: step 50 (shopping.toggleSelected) crashes the reducer: SIGILL (Fatal error: Index out of range)\n"))
        #expect(result.output.contains("fixed.jsonl:51: step 50 (shopping.select(index: 0)) no longer crashes"))
        #expect(result.output.hasSuffix("2 recordings: 1 passed, 1 failed\n"))
    }

    @Test func anActionInFlightWithoutACrashedLineIsRunAllTheSame() throws {
        try CrashJournalFixture.write("dump.jsonl", in: directory, events: [
            .actionInFlight(after: 49, time: CrashJournalFixture.time, action: CrashJournalFixture.toggleSelected),
        ])
        let result = try run("replay", "dump.jsonl", "--verify", "--quiet")
        #expect(result.status == 1)
        #expect(result.output.hasSuffix("dump.jsonl:51: step 50 (shopping.toggleSelected) crashes the reducer: SIGILL (Fatal error: Index out of range)\nto stop in the reducer there: lldb -- \(statedbg.path) debug dump.jsonl 50, or gdb --args \(statedbg.path) debug dump.jsonl 50\n"))
        try CrashJournalFixture.write("fine.jsonl", in: directory, events: [
            .actionInFlight(after: 49, time: CrashJournalFixture.time, action: CrashJournalFixture.selectFirst),
            .closed(after: 49, time: CrashJournalFixture.time + 1),
        ])
        let fine = try run("replay", "fine.jsonl", "--verify", "--quiet")
        #expect(fine.status == 0)
        #expect(fine.output.contains("fine.jsonl:51: step 50 (shopping.select(index: 0)) no longer crashes (it was in flight when the journal was written): the current reducer completes it, making this state:\n"))
    }

    @Test func aCrashWithNoActionInFlightSaysThereIsNothingToReproduce() throws {
        try CrashJournalFixture.write("outside.jsonl", in: directory, events: [
            .crashed(after: 49, time: CrashJournalFixture.time, signal: "SIGSEGV", signalNumber: SIGSEGV),
        ])
        let result = try run("replay", "outside.jsonl", "--verify", "--quiet")
        #expect(result.status == 0)
        #expect(result.output == """
            \(schema)
            verified 49 steps: every state matches
            outside.jsonl:51: the app died of SIGSEGV after step 49 with no action in flight: the crash was outside the reducer, so there is no step to reproduce

            """)
    }

    @Test func anActionInFlightRecordedWithoutCodableIsNotRunAndFailsStrict() throws {
        var reflected = CrashJournalFixture.toggleSelected
        reflected.coding = .reflection
        try CrashJournalFixture.crash(in: directory, inFlight: reflected)
        let result = try run("replay", "crash.jsonl", "--verify", "--quiet")
        #expect(result.status == 0)
        #expect(result.output.hasSuffix("crash.jsonl:51: step 50 (shopping.toggleSelected), the action in flight, was recorded without Codable, so the crash cannot be reproduced; declare Codable on its type to run it\n"))
        let strict = try run("replay", "crash.jsonl", "--verify", "--quiet", "--strict")
        #expect(strict.status == 1)
    }

    /// A redacted flight journal starts from a redacted state, so its steps cannot be replayed; the action
    /// in flight still runs when what it needs decodes (a redacted name is still a string).
    @Test func aRedactedCrashJournalRunsItsActionInFlightWhenItsStateDecodes() throws {
        let names = try run("record", "shopping", "-o", "names.jsonl", "--flight", "20", "--seed", "9", "--redact", ".items[*].name")
        #expect(names.status == 1)
        let result = try run("replay", "names.jsonl", "--verify", "--quiet")
        #expect(result.status == 1)
        #expect(result.output == """
            \(schema)
            verified 0 of 24 steps: no step could be replayed, so nothing was checked
            the recording redacts .items[*].name: each replayed state was redacted the same way and compared with it
            step 26's action holds redacted values (or the state it runs on does), so steps 26 to 49 were not replayed
            names.jsonl:26: step 50 (shopping.toggleSelected) crashes the reducer: SIGILL (Fatal error: Index out of range)
            to stop in the reducer there: lldb -- \(statedbg.path) debug names.jsonl 50, or gdb --args \(statedbg.path) debug names.jsonl 50

            """)
    }

    @Test func aRedactedCrashJournalWhoseStateDoesNotDecodeSaysTheCrashCannotBeReproduced() throws {
        let selection = try run("record", "shopping", "-o", "selection.jsonl", "--flight", "20", "--seed", "9", "--redact", ".selected")
        #expect(selection.status == 1)
        let result = try run("replay", "selection.jsonl", "--verify", "--quiet")
        #expect(result.status == 1)
        #expect(result.output.hasSuffix("""
            selection.jsonl:26: step 50 (shopping.toggleSelected), the action in flight, or the state it runs on holds values the recording redacted, which do not decode, so the crash cannot be reproduced

            """))
        #expect(result.error == "")
    }

    @Test func aCrashOnTheFirstActionRunsItOnTheInitialState() throws {
        try CrashJournalFixture.write("first.jsonl", in: directory, steps: 0, events: [
            .actionInFlight(after: 0, time: CrashJournalFixture.time, action: CrashJournalFixture.selectFirst),
            .crashed(after: 0, time: CrashJournalFixture.time, signal: "SIGILL", signalNumber: SIGILL),
        ])
        let result = try run("replay", "first.jsonl", "--verify", "--quiet")
        #expect(result.status == 0)
        #expect(result.output.hasSuffix("""
            first.jsonl:2: step 1 (shopping.select(index: 0)) no longer crashes (the app died of SIGILL running it when the journal was written): the current reducer completes it, making this state:
                (no change)

            """), "\(result.output)")
        let debug = try run("debug", "first.jsonl", "1")
        #expect(debug.status == 0)
        #expect(debug.output.hasSuffix("step 1: the current reducer completes the action in flight, which the recording never did\n"))
    }

    /// A crash journal made with version 1 of the ReSwift-style users app's types: its action in flight
    /// (UpdateName, since renamed RenameUser, with the name since split) is read through the app's
    /// migrations, as its steps are, and runs through today's reducer.
    @Test func theActionInFlightOfAnOlderJournalIsReadThroughTheAppsMigrations() throws {
        let recording = DocumentationExampleTests.packageRoot.appendingPathComponent("Recordings/users-reswift-negative-age.jsonl")
        var bytes = [UInt8](try Data(contentsOf: recording))
        bytes.removeLast()
        let end = try #require(bytes.lastIndex(of: 0x0A))
        bytes.removeSubrange((end + 1)...)
        let rename = CrashJournalFixture.action(#"{"label":"ReSwiftUsersApp.UpdateName(id: 1, name: \"Ada Lovelace\")","payload":{"id":1,"name":"Ada Lovelace"},"type":"ReSwiftUsersApp.UpdateName"}"#)
        JournalEvent.actionInFlight(after: 60, time: 1_767_225_661_000, action: rename).write(to: &bytes)
        JournalEvent.crashed(after: 60, time: 1_767_225_661_001, signal: "SIGSEGV", signalNumber: SIGSEGV).write(to: &bytes)
        _ = try directory.writeBytes(bytes, to: "old.jsonl")
        let result = try run("replay", "old.jsonl", "--verify", "--quiet")
        #expect(result.status == 0, "\(result.output) \(result.error)")
        #expect(result.output.contains("""
            old.jsonl:62: step 61 (ReSwiftUsersApp.RenameUser(id: 1, firstName: "Ada", lastName: "Lovelace")) no longer crashes (the app died of SIGSEGV running it when the journal was written): the current reducer completes it, making this state:
            """), "\(result.output)")
    }

    @Test func anActionInFlightBeforeTheLastStepIsMalformed() throws {
        try CrashJournalFixture.write("early.jsonl", in: directory, events: [
            .actionInFlight(after: 48, time: CrashJournalFixture.time, action: CrashJournalFixture.toggleSelected),
            .crashed(after: 49, time: CrashJournalFixture.time, signal: "SIGILL", signalNumber: SIGILL),
        ])
        let result = try run("replay", "early.jsonl", "--verify", "--quiet")
        #expect(result.status == 65)
        #expect(result.error == "statedbg: error: early.jsonl:51: the action in flight follows step 48, but the journal's last step is 49; it must follow the last step.\n")
    }

    @Test func aLineAfterTheCrashedLineIsMalformed() throws {
        try CrashJournalFixture.write("after.jsonl", in: directory, events: [
            .actionInFlight(after: 49, time: CrashJournalFixture.time, action: CrashJournalFixture.toggleSelected),
            .crashed(after: 49, time: CrashJournalFixture.time, signal: "SIGILL", signalNumber: SIGILL),
            .marker(after: 49, time: CrashJournalFixture.time, name: "late"),
        ])
        let result = try run("replay", "after.jsonl", "--verify", "--quiet")
        #expect(result.status == 65)
        #expect(result.error.contains("after.jsonl:53"))
    }

    @Test func aCrashJournalCutOffInItsLastLineIsReadWithoutIt() throws {
        let path = try CrashJournalFixture.crash(in: directory)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes.removeLast(20)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = try run("replay", "crash.jsonl", "--verify", "--quiet")
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("statedbg: warning: crash.jsonl:52:"))
        #expect(result.output.contains("crash.jsonl:51: step 50 (shopping.toggleSelected) crashes the reducer: SIGILL (Fatal error: Index out of range)\n"))
    }

    @Test func debugRunsTheActionInFlightAsTheStepAfterTheLast() throws {
        try CrashJournalFixture.crash(in: directory, inFlight: CrashJournalFixture.selectFirst)
        let result = try run("debug", "crash.jsonl", "50")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("step 50  shopping.select(index: 0)\n"))
        #expect(result.output.hasSuffix("step 50: the current reducer completes the action in flight, which the recording never did\n"))
        #expect(result.error.hasPrefix("statedbg: note: step 50 is the action in flight when the app died; if the reducer still crashes, it ends this process as it ended the app's.\n"))
        let beyond = try run("debug", "crash.jsonl", "51")
        #expect(beyond.status == 64)
        #expect(beyond.error == "statedbg: error: crash.jsonl: there is no step 51; the steps are 1 to 50.\n")
    }
}
