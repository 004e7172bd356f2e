import TestSupport
import Foundation
import StateJournal
import Testing

/// Runs the built `statedbg` executable. It registers no wallet app, so these tests exercise snapshot
/// mode and the statuses of everything that needs a reducer.
@Suite struct StatedbgBinaryTests {
    private let statedbg: StatedbgProcess
    private let directory: TemporaryDirectory

    init() throws {
        statedbg = try StatedbgProcess.locate()
        directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
    }

    private func run(_ arguments: String..., input: String = "") throws -> StatedbgProcess.Result {
        try statedbg.run(arguments, in: directory.path, input: input)
    }

    /// A file-size limit makes writes fail the way a full disk does (with SIGXFSZ ignored, `write`
    /// returns EFBIG), without needing a small file system.
    @Test func recordReportsAJournalThatCannotBeWrittenOnceWithThePrefix() throws {
        let shell = StatedbgProcess(path: "/bin/sh")
        let script = #"trap "" XFSZ; ulimit -f 16; exec "$0" record counter -o r.jsonl --steps 100000"#
        let result = try shell.run(["-c", script, statedbg.path], in: directory.path)
        #expect(result.status == 74)
        #expect(result.output == "")
        #expect(result.error == """
            statedbg: error: r.jsonl: cannot write to the journal: file too large; statedbg stopped recording, and the steps before this one are in the file.

            """)
    }

    @Test func everySubcommandEndsWithItsDocumentedStatus() throws {
        var changed = WalletFixture.actions
        changed[0] = .deposit(6)
        try WalletFixture.record(to: directory.file("other.jsonl"), actions: changed)
        let cases: [(arguments: [String], status: Int32)] = [
            (["replay", "w.jsonl"], 0),
            (["replay", "w.jsonl", "--verify"], 64),
            (["show", "w.jsonl", "--path", ".owner"], 0),
            (["show", "w.jsonl", "--path", ".nothing"], 64),
            (["diff", "w.jsonl", "1", "2"], 0),
            (["diff", "w.jsonl", "other.jsonl"], 1),
            (["diff", "w.jsonl", "w.jsonl"], 0),
            (["log", "w.jsonl"], 0),
            (["check", "w.jsonl"], 0),
            (["bisect", "w.jsonl", ".balance < 50"], 0),
            (["bisect", "w.jsonl", ".balance < -5"], 1),
            (["changes", "w.jsonl", ".balance"], 0),
            (["minimize", "w.jsonl", ".balance < 50", "-o", "small.jsonl"], 64),
            (["minimize", "w.jsonl", ".balance < 50", "-o", "w.jsonl"], 73),
            (["record", "wallet", "-o", "new.jsonl"], 64),
            (["examples"], 0),
            (["export", "w.jsonl", "--test"], 64),
            (["export", "w.jsonl"], 64),
            (["repl", "w.jsonl", "-c", "next"], 0),
            (["--version"], 0),
            (["help", "bisect"], 0),
            (["replay"], 64),
            (["rplay", "w.jsonl"], 64),
        ]
        for (arguments, status) in cases {
            let result = try statedbg.run(arguments, in: directory.path)
            #expect(result.status == status, "statedbg \(arguments.joined(separator: " ")): \(result.error)")
            if status == 0 {
                #expect(result.error == "", "statedbg \(arguments.joined(separator: " "))")
            } else if status != 1 {
                #expect(!result.error.isEmpty, "statedbg \(arguments.joined(separator: " "))")
            }
        }
    }

    @Test func changesOfACountListTheStepsWhereTheArrayGrew() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.copyItem(atPath: root.appendingPathComponent("Recordings/users-negative-age.jsonl").path,
                                         toPath: directory.file("users.jsonl"))
        let result = try run("changes", "users.jsonl", ".users.count")
        #expect(result.error == "")
        #expect(result.status == 0)
        #expect(result.output == """
            step 1 users.addUser(name: "Frances Thompson", age: 45): 0 → 1
            step 2 users.addUser(name: "Alan Hopper", age: 59): 1 → 2
            step 3 users.addUser(name: "Frances Lovelace", age: 19): 2 → 3
            step 9 users.addUser(name: "Donald Hopper", age: 56): 3 → 4
            step 22 users.addUser(name: "Donald Knuth", age: 90): 4 → 5
            step 27 users.addUser(name: "Frances Allen", age: 86): 5 → 6
            step 55 users.addUser(name: "Ada Thompson", age: 41): 6 → 7
            step 57 users.addUser(name: "Grace Dijkstra", age: 41): 7 → 8
            .users.count changed at 8 of steps 1 to 60.

            """)
    }

    @Test func replaysARecordingInSnapshotMode() throws {
        let result = try run("replay", "w.jsonl", "--to", "1")
        #expect(result.status == 0)
        #expect(result.output == """
            step 1  wallet.deposit(5)
                {
              -   "balance": 100,
              +   "balance": 105,
                  "owner": "jenny",
                  "paid": {}
                }
            replayed 1 step of w.jsonl

            """)
    }

    @Test func reportsBadFilesInOneLineWithTheirStatuses() throws {
        _ = try directory.write("empty.jsonl", "")
        _ = try directory.write("garbage.jsonl", "\u{00}\u{01}garbage\n")
        _ = try directory.write("newer.jsonl", #"{"format":"statedbg-journal","version":2,"tool":"statedbg 9.0.0"}"# + "\n")
        let missing = try run("log", "missing.jsonl")
        #expect(missing.status == 66)
        #expect(missing.error == "statedbg: error: missing.jsonl: no such file.\n")
        for name in ["empty.jsonl", "garbage.jsonl", "newer.jsonl"] {
            for command in ["replay", "show", "log", "check", "repl"] {
                let result = try run(command, name)
                #expect(result.status == 65, "\(command) \(name): \(result.error)")
                #expect(result.error.hasPrefix("statedbg: error: \(name)"), "\(command) \(name): \(result.error)")
                #expect(result.error.filter { $0 == "\n" }.count == 1, "\(command) \(name): \(result.error)")
                #expect(result.output == "", "\(command) \(name)")
            }
        }
    }

    @Test func checkFailsOnATornTailWhileOtherCommandsStillReadIt() throws {
        let handle = try #require(FileHandle(forWritingAtPath: directory.file("w.jsonl")))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"step":6"#.utf8))
        try handle.close()
        let check = try run("check", "w.jsonl")
        #expect(check.status == 1)
        #expect(check.output.hasSuffix("w.jsonl: 1 problem in 5 steps.\n"))
        let show = try run("show", "w.jsonl", "--path", ".balance")
        #expect(show.status == 0)
        #expect(show.output == "1\n")
        #expect(show.error.hasPrefix("statedbg: warning: w.jsonl:10: line 10 is incomplete"))
        #expect(try run("check", "w.jsonl", "--repair").status == 0)
        #expect(try run("check", "w.jsonl").status == 0)
    }

    @Test func runsReplScriptsFromDashCAndStandardInput() throws {
        let scripted = try run("w.jsonl", "-c", "jump 4; state .paid.donald; bogus")
        #expect(scripted.status == 1)
        #expect(scripted.output == """
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
            105

            """)
        #expect(scripted.error == "statedbg: error: command 3: unknown command 'bogus'; type 'help' for the commands.\n")

        let piped = try run("repl", "w.jsonl", "--echo", input: "last\nlog 4 5\nquit\n")
        #expect(piped.status == 0)
        #expect(piped.error == "")
        #expect(piped.output == """
            (statedbg 0/5) last
            step 5  wallet.deposit(1)
                {
              -   "balance": 0,
              +   "balance": 1,
                  "owner": "jo",
                  … (1 unchanged)
                }
            (statedbg 5/5) log 4 5
                  4  wallet.pay(to: "donald", amount: 95)
            →     5  wallet.deposit(1)
            (statedbg 5/5) quit

            """)
    }

    @Test func aRepairThatCannotWriteItsBackupTriesOnceAndLeavesNoPartialFile() throws {
        // 64 KiB of a repeated note, then a torn line: more than the 16 blocks of 512 bytes the limit allows.
        let path = try WalletFixture.record(to: directory.file("big.jsonl"), actions: Array(repeating: .rename(String(repeating: "n", count: 2000)), count: 32))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"step":33,"ti"#.utf8))
        try handle.close()
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        // Past the file size limit write fails with EFBIG, as it fails with ENOSPC on a full disk.
        let result = try statedbg.run(["check", "big.jsonl", "--repair"], in: directory.path, shell: "trap '' XFSZ; ulimit -f 16")
        #expect(result.status == 74)
        #expect(result.output == "")
        #expect(result.error == """
            statedbg: error: big.jsonl.bak: cannot write the backup of the journal, so it was not repaired; the partial backup was removed: file too large.

            """)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("big.jsonl") }
        #expect(left == ["big.jsonl"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }

    @Test func aFullStandardOutputStopsALongReplayWithStatus74() throws {
        let path = try WalletFixture.record(to: directory.file("long.jsonl"),
                                            actions: Array(repeating: .rename(String(repeating: "n", count: 500)), count: 400))
        let result = try statedbg.run(["replay", path], in: directory.path, shell: "exec >/dev/full")
        #expect(result.status == 74)
        #expect(result.error == "statedbg: error: cannot write to standard output: no space left on device.\n")
    }

    /// Starts `statedbg ARGUMENTS` with standard error going to `errorFile` (and standard output to
    /// `outputFile`, if given), waits until `ready` holds (polled every 10 ms, for at most 30 s), sends
    /// SIGINT as Ctrl-C in a terminal does, and waits for the exit: its status, or nil (recorded as an
    /// issue) when it was not running or did not stop.
    private func interrupt(_ arguments: [String], errorFile: String, outputFile: String? = nil,
                           when ready: () -> Bool) throws -> Int32? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: statedbg.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        _ = FileManager.default.createFile(atPath: directory.file(errorFile), contents: nil)
        if let outputFile {
            _ = FileManager.default.createFile(atPath: directory.file(outputFile), contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.file(outputFile)))
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.file(errorFile)))
        try process.run()
        func wait(until done: () -> Bool) {
            var waited = 0
            while !done(), waited < 30_000 {
                usleep(10_000)
                waited += 10
            }
        }
        wait { !process.isRunning || ready() }
        guard process.isRunning else {
            Issue.record("statedbg \(arguments[0]) ended before it was interrupted")
            return nil
        }
        process.interrupt()
        wait { !process.isRunning }
        guard !process.isRunning else {
            process.terminate()
            Issue.record("statedbg \(arguments[0]) was still running 30 s after SIGINT")
            return nil
        }
        #expect(process.terminationReason == .exit)
        return process.terminationStatus
    }

    /// Ctrl-C during `record`, which must close its journal whole.
    @Test func anInterruptedRecordingClosesAValidJournalAndExits130() throws {
        let path = directory.file("interrupted.jsonl")
        // Waits until steps are being written (the header alone is one short line).
        let status = try interrupt(["record", "counter", "-o", path, "--steps", "100000000"], errorFile: "err.txt") {
            ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int ?? 0) >= 100_000
        }
        #expect(status == 130)
        let reader = try JournalReader(path: path)
        #expect(reader.torn == nil)
        #expect(reader.lastStep > 0)
        #expect(reader.validate().isEmpty)
        let error = try String(contentsOfFile: directory.file("err.txt"), encoding: .utf8)
        #expect(error.split(separator: "\n").count == 1, "\(error)")
    }

    @Test func anInterruptedMinimizeStopsWith130AndWritesNothing() throws {
        let recorded = try statedbg.run(["record", "counter", "-o", "long.jsonl", "--steps", "100000", "--seed", "3"],
                                        in: directory.path)
        #expect(recorded.status == 0)
        // Holds only near the end, so ddmin needs many long replays: far longer than the wait below.
        let started = Date()
        let status = try interrupt(["minimize", "long.jsonl", ".counter == 1 and step > 99990", "-o", "small.jsonl"],
                                   errorFile: "min-err.txt") { Date().timeIntervalSince(started) > 1.5 }
        #expect(status == 130)
        #expect(!FileManager.default.fileExists(atPath: directory.file("small.jsonl")))
        let error = try String(contentsOfFile: directory.file("min-err.txt"), encoding: .utf8)
        #expect(error.hasPrefix("statedbg: error: Interrupted after "), "\(error)")
        #expect(error.split(separator: "\n").count == 1, "\(error)")
    }

    @Test func verifiesAndChecksSeveralRecordingsInTheOrderGivenWithTheirStatuses() throws {
        for seed in ["1", "2"] {
            let recorded = try run("record", "counter", "-o", "counter-\(seed).jsonl", "--steps", "20", "--seed", seed, "--fixed-clock")
            #expect(recorded.status == 0)
        }
        // The wallet is not an app this statedbg knows: that recording's result is a usage error (64).
        let verify = try run("replay", "--verify", "-q", "--jobs", "2", "counter-1.jsonl", "w.jsonl", "missing.jsonl", "counter-2.jsonl")
        #expect(verify.status == 66)
        #expect(verify.error == "")
        #expect(verify.output == """
            counter-1.jsonl: verified 20 steps: every state matches
            w.jsonl: error: This needs the reducer of the app "wallet", which this statedbg does not know (it knows counter, bank, tracker, users, shopping, users-reswift, bank-swiftystate, search-tca, todos-rxstateflow); to replay your own app, build a statedbg of your own that registers it: a few lines that call Statedbg.main(apps:), shown in README.md under "Your own statedbg". Snapshot commands (show, diff, log, changes, bisect, check) work without it.
            missing.jsonl: error: no such file.
            counter-2.jsonl: verified 20 steps: every state matches
            4 recordings: 2 passed, 0 failed, 2 errors

            """)
        let json = try run("replay", "--verify", "-q", "--json", "counter-2.jsonl", "counter-1.jsonl")
        #expect(json.status == 0)
        let lines = json.output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.contains(#""file":"counter-2.jsonl","notReplayed":[],"passed":true"#) == true)
        #expect(lines.last == #"{"summary":{"errors":0,"failed":0,"passed":2,"recordings":2,"status":0}}"#)
        let check = try run("check", "counter-1.jsonl", "w.jsonl", "counter-2.jsonl", "-j", "3")
        #expect(check.status == 0)
        #expect(check.output == """
            counter-1.jsonl: no problems in 20 steps.
            w.jsonl: no problems in 5 steps.
            counter-2.jsonl: no problems in 20 steps.
            3 recordings: 3 passed, 0 failed

            """)
    }

    /// Ctrl-C while the second of three recordings is being verified: the first one's result is printed,
    /// the second stops at its next step, the third is never started.
    @Test func anInterruptedBatchPrintsWhatFinishedAndExits130() throws {
        let recorded = try statedbg.run(["record", "counter", "-o", "long.jsonl", "--steps", "50000", "--fixed-clock"], in: directory.path)
        #expect(recorded.status == 0)
        let output = directory.file("batch-out.txt")
        let status = try interrupt(["replay", "--verify", "-q", "--jobs", "1", "w.jsonl", "long.jsonl", "long.jsonl"],
                                   errorFile: "batch-err.txt", outputFile: "batch-out.txt") {
            ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").hasSuffix("\n")
        }
        #expect(status == 130)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == #"""
            w.jsonl: error: This needs the reducer of the app "wallet", which this statedbg does not know (it knows counter, bank, tracker, users, shopping, users-reswift, bank-swiftystate, search-tca, todos-rxstateflow); to replay your own app, build a statedbg of your own that registers it: a few lines that call Statedbg.main(apps:), shown in README.md under "Your own statedbg". Snapshot commands (show, diff, log, changes, bisect, check) work without it.

            """#)
        #expect(try String(contentsOfFile: directory.file("batch-err.txt"), encoding: .utf8)
            == "statedbg: error: Interrupted: 1 of 3 recordings were verified; the others were not.\n")
    }
}
