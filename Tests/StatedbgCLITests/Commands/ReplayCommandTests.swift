import TestSupport
import Foundation
import StateJournal
import Testing
import StatedbgCLI
import TerminalKit

@Suite struct ReplayCommandTests {
    @Test func printsEveryStepWithItsDiffAndTheEventsAfterIt() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("replay", "@w.jsonl", "--to", "-2", in: directory)
        #expect(run.status == .success)
        #expect(run.error == "")
        #expect(run.output == """
            step 1  wallet.deposit(5)
                {
              -   "balance": 100,
              +   "balance": 105,
                  "owner": "jenny",
                  "paid": {}
                }
            step 2  wallet.pay(to: "donald", amount: 10)
                {
              -   "balance": 105,
              +   "balance": 95,
                  "owner": "jenny",
                  "paid": {
              +     "donald": 10
                  }
                }
                ⟂ rejected by noDebt: jenny would owe 105 (wallet.pay(to: "daisy", amount: 200))
            step 3  wallet.rename("jo")
                {
                  "balance": 95,
              -   "owner": "jenny",
              +   "owner": "jo",
                  … (1 unchanged)
                }
                ⟂ marker: checkpoint
            step 4  wallet.pay(to: "donald", amount: 95)
                {
              -   "balance": 95,
              +   "balance": 0,
                  "owner": "jo",
                  "paid": {
              -     "donald": 10
              +     "donald": 105
                  }
                }
            replayed 4 steps of w.jsonl

            """)
    }

    @Test func verifiesEveryStateAgainstTheCurrentReducer() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("replay", "@w.jsonl", "--verify", "--quiet", in: directory)
        #expect(run.status == .success)
        #expect(run.output == """
            schema: compatible: the recording's state and action types match the current code
            verified 5 steps: every state matches

            """)
    }

    @Test func reportsTheFirstDivergenceWithItsStepActionAndDiff() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("replay", "@w.jsonl", "--verify", "-q", in: directory, apps: [WalletFixture.app(payMultiplier: 2)])
        #expect(run.status == .checkFailed)
        #expect(run.output == """
            schema: compatible: the recording's state and action types match the current code
            w.jsonl:3: step 2 (wallet.pay(to: "donald", amount: 10)) diverges: the current code produces a different state (- recorded, + replayed):
                {
              -   "balance": 95,
              +   "balance": 85,
                  "owner": "jenny",
                  … (1 unchanged)
                }

            """)
    }

    @Test func verifyingNeedsTheRecordingsApp() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("replay", "@w.jsonl", "--verify", in: directory, apps: [])
        #expect(run.status == .usage)
        #expect(run.output == "")
        #expect(run.error == """
            statedbg: error: This needs the reducer of the app "wallet", which this statedbg does not know (it knows no apps); to replay your own app, build a statedbg of your own that registers it: a few lines that call Statedbg.main(apps:), shown in README.md under "Your own statedbg". Snapshot commands (show, diff, log, changes, bisect, check) work without it.

            """)
    }

    @Test func printsJSONLinesForStepsEventsAndTheVerification() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"), actions: [.deposit(5), .pay(to: "daisy", amount: 200)], markerAfter: nil)
        let run = CommandRun.statedbg("replay", "@w.jsonl", "--json", "--verify", in: directory)
        #expect(run.status == .success)
        #expect(run.output == #"""
            {"action":{"label":"wallet.deposit(5)","payload":{"deposit":{"_0":5}},"type":"wallet.deposit"},"patch":[{"op":"replace","path":"/balance","value":105}],"step":1}
            {"action":{"label":"wallet.pay(to: \"daisy\", amount: 200)","payload":{"pay":{"amount":200,"to":"daisy"}},"type":"wallet.pay"},"after":1,"event":"rejected","reason":"jenny would owe 95","time":1767225602000,"validator":"noDebt"}
            {"verify":{"checkedThrough":1,"divergence":null,"failure":null,"notReplayed":[],"passed":true,"replayed":1,"schema":"compatible: the recording's state and action types match the current code","stoppedAt":null}}

            """#)
    }

    @Test func rejectsAStepOutsideTheRecording() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("replay", "@w.jsonl", "--to", "9", in: directory)
        #expect(run.status == .usage)
        #expect(run.error == "statedbg: error: w.jsonl: there is no step 9; the steps are 0 to 5.\n")
    }

    @Test func quietReplayStillReadsEveryStepAndPrintsOnlyTheSummary() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("replay", "@w.jsonl", "--quiet", in: directory)
        #expect(run.status == .success)
        #expect(run.output == "replayed 5 steps of w.jsonl\n")
    }

    @Test func stopsAtAStateThatDoesNotMatchItsRecordedHash() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let hash = try #require(lines[2].range(of: #""hash":""#))
        lines[2].replaceSubrange(hash.upperBound..<lines[2].index(hash.upperBound, offsetBy: 16), with: "0000000000000000")
        try LineChecksum.resealed(lines.joined(separator: "\n")).write(toFile: path, atomically: true, encoding: .utf8)
        let run = CommandRun.statedbg("replay", "@w.jsonl", "--quiet", in: directory)
        #expect(run.status == .dataError)
        #expect(run.error.hasPrefix("statedbg: error: w.jsonl:3: step 2 records hash 0000000000000000 but its rebuilt state hashes to "))
        #expect(run.error.hasSuffix("; the journal was edited or damaged.\n"))
    }

    @Test(arguments: [["--verify"], ["--verify", "-q"], ["--verify", "--json", "-q"], ["-q"]])
    func verificationKeepsEveryIntegrityCheckWhenQuiet(options: [String]) throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let hash = try #require(lines[2].range(of: #""hash":""#))
        lines[2].replaceSubrange(hash.upperBound..<lines[2].index(hash.upperBound, offsetBy: 16), with: "0000000000000000")
        try LineChecksum.resealed(lines.joined(separator: "\n")).write(toFile: path, atomically: true, encoding: .utf8)
        let run = CommandRun.statedbg(["replay", "@w.jsonl"] + options, in: directory)
        #expect(run.status == .dataError)
        #expect(!run.output.contains("verified"))
        #expect(run.error.hasPrefix("statedbg: error: w.jsonl:3: step 2 records hash 0000000000000000 but its rebuilt state hashes to "))
    }

    @Test func anIncompatibleSchemaFailsTheVerificationInPlainWords() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // The recorded schema says the balance was a String: the current code's Int is a breaking change.
        let edited = LineChecksum.resealed(text.replacingOccurrences(of: #""balance":{"type":"Int"}"#, with: #""balance":{"type":"String"}"#))
        #expect(edited != text)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        let run = CommandRun.statedbg("replay", "@w.jsonl", "--verify", "-q", in: directory)
        #expect(run.status == .checkFailed)
        #expect(run.output == """
            schema: incompatible: the type of the state's .balance changed from String to Int; \
            to keep the recordings made with version 1 of the types, declare version 2: schemaVersion: 2, migrations: [.from(1, .convertField("balance", .custom { value in value /* String to Int */ }, in: .state))]
            verified 5 steps: every state matches, but the schema is incompatible, so the recording fails the check

            """)
        let json = CommandRun.statedbg("replay", "@w.jsonl", "--verify", "-q", "--json", in: directory)
        #expect(json.status == .checkFailed)
        #expect(json.output.contains(#""passed":false"#))
    }
}
