import TerminalKit
import TestSupport
import ExampleApps
import Foundation
import StateJournal
import Testing
@testable import StatedbgCLI

/// `replay --verify` and `check` given several recordings: each one's result in the order given, a
/// summary, and the exit status `BatchSummary` makes of theirs, whatever the number of jobs.
@Suite struct ManyRecordingsTests {
    /// Five recordings of the wallet: three sound ones, one made by a wallet that charged double (so
    /// today's wallet diverges from it), and one whose step 2 hash was edited.
    private func wallets() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("a.jsonl"))
        try WalletFixture.record(to: directory.file("b.jsonl"), actions: [.deposit(1), .rename("jo")], markerAfter: nil)
        try WalletFixture.record(to: directory.file("c.jsonl"), actions: [.pay(to: "daisy", amount: 20)], markerAfter: nil)
        try WalletFixture.record(to: directory.file("diverging.jsonl"), app: WalletFixture.app(payMultiplier: 2))
        let damaged = try WalletFixture.record(to: directory.file("damaged.jsonl"))
        var lines = try String(contentsOfFile: damaged, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let hash = try #require(lines[2].range(of: #""hash":""#))
        lines[2].replaceSubrange(hash.upperBound..<lines[2].index(hash.upperBound, offsetBy: 16), with: "0000000000000000")
        // Resealed, so that the line passes its checksum and the hash is what is found wrong.
        try LineChecksum.resealed(lines.joined(separator: "\n")).write(toFile: damaged, atomically: true, encoding: .utf8)
        return directory
    }

    @Test func verifiesSeveralRecordingsInOneLineEachThenCountsThem() throws {
        let directory = try wallets()
        let run = CommandRun.statedbg("replay", "--verify", "-q", "@a.jsonl", "@b.jsonl", "@c.jsonl", in: directory)
        #expect(run.status == .success)
        #expect(run.error == "")
        #expect(run.output == """
            a.jsonl: verified 5 steps: every state matches
            b.jsonl: verified 2 steps: every state matches
            c.jsonl: verified 1 step: every state matches
            3 recordings: 3 passed, 0 failed

            """)
    }

    @Test func aBadOrMissingRecordingIsItsOwnResultAndAFailureDecidesTheStatus() throws {
        let directory = try wallets()
        _ = try directory.write("empty.jsonl", "")
        let run = CommandRun.statedbg("replay", "--verify", "-q", "@missing.jsonl", "@a.jsonl", "@diverging.jsonl",
                                      "@damaged.jsonl", "@empty.jsonl", "@b.jsonl", in: directory)
        #expect(run.status == .checkFailed)
        #expect(run.error == "")
        #expect(run.output == """
            missing.jsonl: error: no such file.
            a.jsonl: verified 5 steps: every state matches
            diverging.jsonl:3: step 2 (wallet.pay(to: "donald", amount: 10)) diverges: the current code produces a different state (- recorded, + replayed):
                {
              -   "balance": 85,
              +   "balance": 95,
                  "owner": "jenny",
                  … (1 unchanged)
                }
            damaged.jsonl:3: error: step 2 records hash 0000000000000000 but its rebuilt state hashes to 361b4cd38819a011; the journal was edited or damaged.
            empty.jsonl: error: the file is empty.
            b.jsonl: verified 2 steps: every state matches
            6 recordings: 2 passed, 1 failed, 3 errors

            """)
        // Without a failed check, the highest status of the errors: 66 (missing) over 65 (damaged, empty).
        let errors = CommandRun.statedbg("replay", "--verify", "-q", "@damaged.jsonl", "@missing.jsonl", "@empty.jsonl", "@a.jsonl",
                                         in: directory)
        #expect(errors.status == .noInput)
        #expect(errors.output.hasSuffix("4 recordings: 1 passed, 0 failed, 3 errors\n"))
    }

    @Test func namesTheSchemaVerdictOnlyWhenItIsNotPlainlyCompatible() throws {
        let directory = try wallets()
        let path = directory.file("older.jsonl")
        let text = try String(contentsOfFile: directory.file("a.jsonl"), encoding: .utf8)
        // The recorded schema says the balance was a String: the current code's Int is a breaking change.
        let edited = LineChecksum.resealed(text.replacingOccurrences(of: #""balance":{"type":"Int"}"#, with: #""balance":{"type":"String"}"#))
        #expect(edited != text)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        let run = CommandRun.statedbg("replay", "--verify", "-q", "@c.jsonl", "@older.jsonl", in: directory)
        #expect(run.status == .checkFailed)
        #expect(run.output == """
            c.jsonl: verified 1 step: every state matches
            older.jsonl: schema: incompatible: the type of the state's .balance changed from String to Int; \
            to keep the recordings made with version 1 of the types, declare version 2: schemaVersion: 2, migrations: [.from(1, .convertField("balance", .custom { value in value /* String to Int */ }, in: .state))]
            older.jsonl: verified 5 steps: every state matches, but the schema is incompatible, so the recording fails the check
            2 recordings: 1 passed, 1 failed

            """)
    }

    @Test func printsOneJSONLinePerRecordingAndASummaryLine() throws {
        let directory = try wallets()
        let run = CommandRun.statedbg("replay", "--verify", "-q", "--json", "@c.jsonl", "@missing.jsonl", "@diverging.jsonl",
                                      in: directory)
        #expect(run.status == .checkFailed)
        #expect(run.error == "")
        #expect(run.output == #"""
            {"checkedThrough":1,"divergence":null,"failure":null,"file":"c.jsonl","notReplayed":[],"passed":true,"replayed":1,"schema":"compatible: the recording's state and action types match the current code","status":0,"stoppedAt":null}
            {"error":"missing.jsonl: no such file.","file":"missing.jsonl","passed":false,"status":66}
            {"checkedThrough":1,"divergence":{"action":{"label":"wallet.pay(to: \"donald\", amount: 10)","payload":{"pay":{"amount":10,"to":"donald"}},"type":"wallet.pay"},"kind":"stateMismatch","patch":[{"op":"replace","path":"/balance","value":95}],"step":2},"failure":null,"file":"diverging.jsonl","notReplayed":[],"passed":false,"replayed":1,"schema":"compatible: the recording's state and action types match the current code","status":1,"stoppedAt":null}
            {"summary":{"errors":1,"failed":1,"passed":1,"recordings":3,"status":1}}

            """#)
    }

    @Test func oneJobAndFourJobsPrintTheSameInTheSameOrder() throws {
        let directory = try wallets()
        // A torn last line: the recording still verifies, with a warning on standard error in its turn.
        _ = try directory.write("torn.jsonl", try String(contentsOfFile: directory.file("a.jsonl"), encoding: .utf8) + #"{"step":6"#)
        let files = ["@a.jsonl", "@torn.jsonl", "@diverging.jsonl", "@missing.jsonl", "@b.jsonl", "@damaged.jsonl", "@c.jsonl", "@torn.jsonl"]
        for options in [["--verify", "-q"], ["--verify", "-q", "--json"]] {
            let one = CommandRun.statedbg(["replay"] + options + ["--jobs", "1"] + files, in: directory)
            let four = CommandRun.statedbg(["replay"] + options + ["-j", "4"] + files, in: directory)
            let unlimited = CommandRun.statedbg(["replay"] + options + files, in: directory)
            #expect(one.status == .checkFailed)
            // Each result starts with its file's name (the divergence's diff lines are indented, and
            // the summary is last), in the order the files were given.
            let named = one.output.split(separator: "\n").dropLast().filter { !$0.hasPrefix(" ") }.map { line in
                line.hasPrefix(#"{""#) ? line.firstMatch(of: /"file":"([^"]*)"/).map { String($0.1) } ?? ""
                                       : String(line.prefix { $0 != ":" })
            }
            #expect(named == files.map { String($0.dropFirst()) })
            #expect(one.error == """
                statedbg: warning: torn.jsonl:10: line 10 is incomplete (9 bytes with no line feed), as left by a writer that stopped mid-line; everything before it is intact; it is ignored, and `statedbg check --repair` cuts it off.
                statedbg: warning: torn.jsonl:10: line 10 is incomplete (9 bytes with no line feed), as left by a writer that stopped mid-line; everything before it is intact; it is ignored, and `statedbg check --repair` cuts it off.

                """)
            for other in [four, unlimited] {
                #expect(other.status == one.status)
                #expect(other.output == one.output)
                #expect(other.error == one.error)
            }
        }
        let check = ["check"] + files
        let one = CommandRun.statedbg(check + ["--jobs", "1"], in: directory)
        let four = CommandRun.statedbg(check + ["--jobs", "4"], in: directory)
        #expect(one.status == .checkFailed)
        #expect(four.status == one.status)
        #expect(four.output == one.output)
    }

    @Test func refusesWhatIsAboutOneRecordingWhenGivenSeveral() throws {
        let directory = try wallets()
        let cases: [(arguments: [String], error: String)] = [
            (["replay", "@a.jsonl", "@b.jsonl"],
             "statedbg: error: replay takes several recordings only with --verify, which verifies each; to read one, give one file.\n"),
            (["replay", "--verify", "@a.jsonl", "@b.jsonl"],
             "statedbg: error: replay prints the steps of one recording only; with several, add --quiet (-q) for each one's verification.\n"),
            (["replay", "--verify", "-q", "--to", "2", "@a.jsonl", "@b.jsonl"],
             "statedbg: error: --to stops the replay of one recording; with several, leave it out.\n"),
            (["check", "--repair", "@a.jsonl", "@b.jsonl", "@a.jsonl"],
             "statedbg: error: a.jsonl is named more than once; --repair repairs each journal once, so name it once.\n"),
            (["check", "@a.jsonl", "@b.jsonl", "--jobs", "0"], """
                statedbg: error: The value '0' is invalid for '--jobs <n>'; expected a positive integer.
                Usage: statedbg check <file> ... [--repair] [--json] [--jobs <n>]
                  See 'statedbg help check' for more information.

                """),
        ]
        for (arguments, error) in cases {
            let run = CommandRun.statedbg(arguments, in: directory)
            #expect(run.status == .usage, "\(arguments)")
            #expect(run.output == "", "\(arguments)")
            #expect(run.error == error, "\(arguments)")
        }
    }

    @Test func checksSeveralJournalsEachAsAloneAndCountsThem() throws {
        let directory = try wallets()
        let torn = try WalletFixture.record(to: directory.file("torn.jsonl"))
        let handle = try #require(FileHandle(forWritingAtPath: torn))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"step":6"#.utf8))
        try handle.close()
        _ = try directory.write("redux.json", #"{"actionsById":{"0":{"action":{"type":"@@INIT"}}},"computedStates":[{"state":{}}],"stagedActionIds":[0]}"#)
        let run = CommandRun.statedbg("check", "@a.jsonl", "@torn.jsonl", "@missing.jsonl", "@redux.json", "@damaged.jsonl", in: directory)
        #expect(run.status == .checkFailed)
        #expect(run.error == "")
        #expect(run.output == """
            a.jsonl: no problems in 5 steps.
            torn.jsonl:10: line 10 is incomplete (9 bytes with no line feed), as left by a writer that stopped mid-line; everything before it is intact; `statedbg check --repair` cuts it off.
            torn.jsonl: 1 problem in 5 steps.
            missing.jsonl: error: no such file.
            redux.json: error: check reads statedbg journals, and this is a Redux DevTools export, which has no lines or hashes to check.
            damaged.jsonl:3: step 2 records hash 0000000000000000 but its rebuilt state hashes to 361b4cd38819a011; the journal was edited or damaged.
            damaged.jsonl: 1 problem in 5 steps.
            5 recordings: 1 passed, 2 failed, 2 errors

            """)

        let json = CommandRun.statedbg("check", "--json", "--repair", "@torn.jsonl", "@a.jsonl", "@missing.jsonl", in: directory)
        #expect(json.status == .noInput)
        #expect(json.output == #"""
            {"file":"torn.jsonl","passed":true,"problemCount":0,"problems":[],"repair":{"backup":"torn.jsonl.bak","bytes":9,"line":10},"status":0,"steps":5,"version":6}
            {"file":"a.jsonl","passed":true,"problemCount":0,"problems":[],"repair":null,"status":0,"steps":5,"version":6}
            {"error":"missing.jsonl: no such file.","file":"missing.jsonl","passed":false,"status":66}
            {"summary":{"errors":1,"failed":0,"passed":2,"recordings":3,"status":66}}

            """#)
    }

    @Test func checkPrintsOneJournalAsOneJSONLineWithItsProblems() throws {
        let directory = try wallets()
        let run = CommandRun.statedbg("check", "--json", "@damaged.jsonl", in: directory)
        #expect(run.status == .checkFailed)
        #expect(run.output == #"""
            {"file":"damaged.jsonl","passed":false,"problemCount":1,"problems":[{"line":3,"message":"step 2 records hash 0000000000000000 but its rebuilt state hashes to 361b4cd38819a011; the journal was edited or damaged."}],"repair":null,"status":1,"steps":5,"version":6}

            """#)
        let missing = CommandRun.statedbg("check", "--json", "@missing.jsonl", in: directory)
        #expect(missing.status == .noInput)
        #expect(missing.output == "")
        #expect(missing.error == "statedbg: error: missing.jsonl: no such file.\n")
    }

    @Test func aFailedCheckOutweighsEveryErrorAndTheHighestErrorTheRest() {
        func status(_ statuses: [TerminalKit.ExitStatus]) -> TerminalKit.ExitStatus {
            var summary = BatchSummary()
            for status in statuses { summary.add(status) }
            return summary.status
        }
        #expect(status([.success, .success]) == .success)
        #expect(status([.ioError, .checkFailed, .noInput]) == .checkFailed)
        #expect(status([.dataError, .success, .noInput, .usage]) == .noInput)
        #expect(status([.ioError, .noInput]) == .ioError)
        #expect(status([.usage, .success]) == .usage)
        var summary = BatchSummary()
        for status in [TerminalKit.ExitStatus.success, .noInput, .checkFailed, .dataError] { summary.add(status) }
        #expect(summary.description == "4 recordings: 1 passed, 1 failed, 2 errors")
    }
}
