import TestSupport
import ExampleApps
import Foundation
import Testing
import StatedbgCLI
import TerminalKit

/// `replay --verify` of a recording made with `--redact`: each replayed state is redacted as the
/// recorder redacted it and compared with the recording, and the output says so.
@Suite struct RedactedVerifyTests {
    @Test func aConsistentRedactedRecordingVerifiesAndSaysWhatWasRedacted() throws {
        let directory = try TemporaryDirectory()
        let record = CommandRun.statedbg("record", "bank", "-o", "@r.jsonl", "--steps", "20", "--fixed-clock", "--redact", ".jenny",
                                         in: directory, apps: [BankApp.app])
        #expect(record.status == .success)
        let run = CommandRun.statedbg("replay", "@r.jsonl", "--verify", "-q", in: directory, apps: [BankApp.app])
        #expect(run.error == "")
        #expect(run.status == .success)
        #expect(run.output == """
            schema: compatible: the recording's state and action types match the current code
            verified 20 steps: every state matches
            the recording redacts .jenny: each replayed state was redacted the same way and compared with it

            """)
    }
}
