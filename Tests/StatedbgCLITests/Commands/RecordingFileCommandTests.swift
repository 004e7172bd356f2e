import TestSupport
import ExampleApps
import Foundation
import Testing
import StatedbgCLI
import TerminalKit

@Suite struct RecordingFileCommandTests {
    @Test func checksASoundJournal() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(run.status == .success)
        #expect(run.output == "w.jsonl: no problems in 5 steps.\n")
    }

    @Test func findsATornTailThatOtherCommandsStillReadAndRepairsItWithABackup() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"step":6,"act"#.utf8))
        try handle.close()

        let check = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(check.status == .checkFailed)
        #expect(check.output == """
            w.jsonl:10: line 10 is incomplete (14 bytes with no line feed), as left by a writer that stopped mid-line; everything before it is intact; `statedbg check --repair` cuts it off.
            w.jsonl: 1 problem in 5 steps.

            """)
        #expect(check.error == "", "check reports the torn line once, as a problem")
        let log = CommandRun.statedbg("log", "@w.jsonl", "--type", "*.deposit", in: directory)
        #expect(log.status == .success)
        #expect(log.output == "     1  wallet.deposit(5)\n     5  wallet.deposit(1)\n")
        #expect(log.error == """
            statedbg: warning: w.jsonl:10: line 10 is incomplete (14 bytes with no line feed), as left by a writer that stopped mid-line; everything before it is intact; it is ignored, and `statedbg check --repair` cuts it off.

            """)

        let repair = CommandRun.statedbg("check", "@w.jsonl", "--repair", in: directory)
        #expect(repair.status == .success)
        #expect(repair.output == """
            w.jsonl: cut the incomplete line 10 (14 bytes); the original is in w.jsonl.bak.
            w.jsonl: no problems in 5 steps.

            """)
        #expect(FileManager.default.fileExists(atPath: directory.file("w.jsonl.bak")))
    }

    @Test func checkListsEveryDamagedLineAndGoesOnAfterEach() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(lines.count == 9, "eight lines and the closing line, which the damaged copy leaves out")
        let damaged = [lines[0], lines[1], "", lines[2], lines[2], lines[3], lines[4],
                       #"{"event":"marker","after":99,"time":1,"name":"x"}"#, #"{"step":4,"ti"#, lines[6], lines[7]]
        try (damaged.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let run = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(run.status == .checkFailed)
        #expect(run.error == "")
        #expect(run.output == """
            w.jsonl:3: the line is empty; every journal line holds one JSON object.
            w.jsonl:5: step 2 comes again or out of order; the step expected here is 3, and steps must be consecutive.
            w.jsonl:8: the event after step 3 is damaged: it does not end with the checksum every line of a journal of version 2 or later ends with; it was cut short or changed.
            w.jsonl:9: the line is damaged: it does not end with the checksum every line of a journal of version 2 or later ends with; it was cut short or changed.
            w.jsonl: 4 problems in 5 steps.

            """)

        let gap = [lines[0], lines[1], lines[4], lines[6], "{", lines[7]]
        try (gap.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let skipped = CommandRun.statedbg("check", "@w.jsonl", in: directory)
        #expect(skipped.status == .checkFailed)
        #expect(skipped.output == """
            w.jsonl:3: step 3 comes after step 1; step 2 is missing, and steps must be consecutive. The states after the gap cannot be rebuilt, so they are not checked.
            w.jsonl:5: the line is damaged: it does not end with the checksum every line of a journal of version 2 or later ends with; it was cut short or changed.
            w.jsonl: 2 problems in 1 step.

            """)
    }

    @Test func refusesDirectoriesDevicesAndFIFOsInPlainWordsWithoutWaiting() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        try FileManager.default.createDirectory(atPath: directory.file("folder"), withIntermediateDirectories: false)
        // Opening a FIFO that has no writer for reading would wait forever.
        #expect(mkfifo(directory.file("fifo"), 0o600) == 0)
        let cases: [(arguments: [String], error: String)] = [
            (["replay", "@folder"], "folder: this is a directory, not a recording file; statedbg reads recordings from regular files."),
            (["check", "@folder"], "folder: this is a directory, not a recording file; statedbg reads recordings from regular files."),
            (["diff", "@w.jsonl", "@folder"], "folder: this is a directory, not a recording file; statedbg reads recordings from regular files."),
            (["repl", "@folder", "-c", "next"], "folder: this is a directory, not a recording file; statedbg reads recordings from regular files."),
            (["show", "/dev/null"], "/dev/null: this is a device, not a recording file; statedbg reads recordings from regular files."),
            (["replay", "@fifo"], "fifo: this is a FIFO (named pipe), not a recording file; statedbg reads recordings from regular files."),
            (["check", "@fifo"], "fifo: this is a FIFO (named pipe), not a recording file; statedbg reads recordings from regular files."),
        ]
        for (arguments, error) in cases {
            let run = CommandRun.statedbg(arguments, in: directory)
            #expect(run.status == .noInput, "\(arguments)")
            #expect(run.error == "statedbg: error: \(error)\n")
        }
    }

    @Test func reportsMissingEmptyGarbageAndNewerFilesWithTheirStatuses() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("empty.jsonl", "")
        _ = try directory.write("garbage.jsonl", "this is not json\n")
        let newer = #"{"format":"statedbg-journal","version":99}"# + "\n"
        _ = try directory.write("newer.jsonl", newer)
        for command in ["replay", "log", "show", "check"] {
            let missing = CommandRun.statedbg(command, "@missing.jsonl", in: directory)
            #expect(missing.status == .noInput, "\(command)")
            #expect(missing.error.hasPrefix("statedbg: error: missing.jsonl: "), "\(command): \(missing.error)")
            for name in ["empty.jsonl", "garbage.jsonl", "newer.jsonl"] {
                let run = CommandRun.statedbg(command, "@" + name, in: directory)
                #expect(run.status == .dataError, "\(command) \(name)")
                #expect(run.error.hasPrefix("statedbg: error: \(name)"), "\(command) \(name): \(run.error)")
                #expect(run.error.filter { $0 == "\n" }.count == 1, "\(command) \(name): \(run.error)")
            }
            #expect(CommandRun.statedbg(command, "@empty.jsonl", in: directory).error == "statedbg: error: empty.jsonl: the file is empty.\n")
        }
        _ = try directory.write("blank.jsonl", "\n\n")
        #expect(CommandRun.statedbg("log", "@blank.jsonl", in: directory).error == "statedbg: error: blank.jsonl: the file holds only blank lines.\n")
    }

    @Test func recordsAnAppDeterministicallyAndRefusesToOverwrite() throws {
        let directory = try TemporaryDirectory()
        let run = CommandRun.statedbg("record", "wallet", "-o", "@r.jsonl", "--steps", "5", "--seed", "7", in: directory)
        #expect(run.status == .success)
        #expect(run.output.hasPrefix("recorded 5 steps of wallet to r.jsonl"))
        let first = CommandRun.statedbg("log", "@r.jsonl", in: directory).output
        #expect(CommandRun.statedbg("record", "wallet", "-o", "@r.jsonl", in: directory).status == .cannotCreate)
        let again = CommandRun.statedbg("record", "wallet", "-o", "@r.jsonl", "--steps", "5", "--seed", "7", "--force",
                                        "--snapshots", "every-step", "--redact", ".owner", in: directory)
        #expect(again.status == .success)
        #expect(CommandRun.statedbg("log", "@r.jsonl", in: directory).output == first)
        #expect(CommandRun.statedbg("show", "@r.jsonl", "--path", ".owner", "--json", in: directory).output == "\"<redacted>\"\n")
        let unknown = CommandRun.statedbg("record", "bank", "-o", "@b.jsonl", in: directory)
        #expect(unknown.status == .usage)
        #expect(unknown.error == "statedbg: error: There is no example \"bank\" to record; the examples are wallet (see 'statedbg examples').\n")
        let badMode = CommandRun.statedbg("record", "wallet", "-o", "@b.jsonl", "--snapshots", "all", in: directory)
        #expect(badMode.status == .usage)
        #expect(badMode.error == """
            statedbg: error: The value 'all' is invalid for '--snapshots <mode>'; expected patches or every-step.
            Usage: statedbg record <example> --output <out> [--steps <n>] [--seed <s>] [--force] [--snapshots <mode>] [--durability <policy>] [--fixed-clock] [--json] [--redact <path> ...] [--flight <n>]
              See 'statedbg help record' for more information.

            """)
    }

    @Test func recordExplainsEachMistakeInOneLineThatNamesIt() throws {
        let directory = try TemporaryDirectory()
        let unknown = CommandRun.statedbg("record", "nosuch", "-o", "@r.jsonl", in: directory, apps: Examples.all)
        #expect(unknown.status == .usage)
        #expect(unknown.error == """
            statedbg: error: There is no example "nosuch" to record; the examples are bank, bank-swiftystate, counter, search-tca, shopping, todos-rxstateflow, tracker, users, users-reswift (see 'statedbg examples').

            """)
        let badPath = CommandRun.statedbg("record", "wallet", "-o", "@r.jsonl", "--redact", "bad path", in: directory)
        #expect(badPath.status == .usage)
        #expect(badPath.error == "statedbg: error: --redact 'bad path': the path is not valid at column 1: a path must start with '.'.\n")
        let missingFolder = CommandRun.statedbg("record", "wallet", "-o", "@no/such/r.jsonl", in: directory)
        #expect(missingFolder.status == .ioError)
        #expect(missingFolder.error == "statedbg: error: no/such/r.jsonl: cannot create the journal: no such file or directory.\n")
    }

    @Test func listsTheRegisteredApps() throws {
        let directory = try TemporaryDirectory()
        #expect(CommandRun.statedbg("examples", in: directory).output == "wallet      A wallet that refuses to go into debt\n")
        #expect(CommandRun.statedbg("examples", in: directory, apps: []).output
            == "no apps are registered; build a statedbg of your own that passes yours to Statedbg.main(apps:)\n")
    }

    @Test func exportsARegressionTestForSwiftTestingOrXCTest() throws {
        let directory = try TemporaryDirectory()
        let record = CommandRun.statedbg("record", "bank", "-o", "@bank-overdraft.jsonl", "--steps", "3", in: directory, apps: Examples.all)
        #expect(record.status == .success)
        let run = CommandRun.statedbg("export", "@bank-overdraft.jsonl", "--test", in: directory, apps: Examples.all)
        #expect(run.status == .success)
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "// Generated by statedbg from bank-overdraft.jsonl: 3 steps of the app \"bank\".")
        #expect(lines.contains("@testable import ExampleApps"))
        #expect(lines.contains("@Suite struct BankOverdraftReplayTests {"))
        #expect(lines.contains("        let result = assertReplay(Self.recording, app: BankApp.app)"))
        #expect(lines.contains("        assertFinalState(of: result, equalsJSON: Self.finalState, as: ExampleApps.BankApp.State.self)"))

        try WalletFixture.record(to: directory.file("2-wallet.jsonl"))
        let xctest = CommandRun.statedbg("export", "@2-wallet.jsonl", "--test", "--xctest", "--app", "WalletFixture.app",
                                         "-o", "@WalletTests.swift", in: directory)
        #expect(xctest.status == .success)
        #expect(xctest.output == "wrote a regression test for 2-wallet.jsonl to WalletTests.swift\n")
        let source = try String(contentsOfFile: directory.file("WalletTests.swift"), encoding: .utf8)
        #expect(source.contains("import XCTest"))
        #expect(source.contains("XCTestCase"))
        #expect(source.contains("app: WalletFixture.app"))
        let again = CommandRun.statedbg("export", "@2-wallet.jsonl", "--test", "-o", "@WalletTests.swift", in: directory)
        #expect(again.status == .cannotCreate)
    }

    @Test func readsReduxDevToolsExportsButDoesNotCheckThem() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("redux.json", #"""
            {"actionsById":{"0":{"action":{"type":"@@INIT"}},"1":{"action":{"type":"ADD_TODO","text":"milk"}}},
             "computedStates":[{"state":{"todos":[]}},{"state":{"todos":["milk"]}}],"stagedActionIds":[0,1]}
            """#)
        let replay = CommandRun.statedbg("replay", "@redux.json", in: directory)
        #expect(replay.status == .success)
        #expect(replay.output == """
            step 1  ADD_TODO(text)
                {
                  "todos": [
              +     "milk"
                  ]
                }
            replayed 1 step of redux.json

            """)
        let check = CommandRun.statedbg("check", "@redux.json", in: directory)
        #expect(check.status == .usage)
        #expect(check.error == "statedbg: error: redux.json: check reads statedbg journals, and this is a Redux DevTools export, which has no lines or hashes to check.\n")
    }
}
