import StateQuery
import TestSupport
import Testing
import StatedbgCLI
import TerminalKit

@Suite struct EntryPointTests {
    @Test func printsTheVersion() throws {
        let directory = try TemporaryDirectory()
        let run = CommandRun.statedbg("--version", in: directory)
        #expect(run.status == .success)
        #expect(run.output == "statedbg 0.1.0\n")
    }

    @Test func reportsATypoWithTheUsageAndASuggestion() throws {
        let directory = try TemporaryDirectory()
        let run = CommandRun.statedbg("replay", "x.jsonl", "--vrify", in: directory)
        #expect(run.status == .usage)
        #expect(run.output == "")
        #expect(run.error == """
            statedbg: error: Unknown option '--vrify'. Did you mean '--verify'?
            Usage: statedbg replay <file> ... [--verify] [--strict] [--to <n>] [--quiet] [--json] [--follow] [--in-process] [--timeout <seconds>] [--jobs <n>] [--color] [--no-color]
              See 'statedbg help replay' for more information.

            """)
    }

    @Test func showsRequiredOptionsWithoutBracketsAndCallsPathsJqLike() throws {
        let directory = try TemporaryDirectory()
        let minimize = CommandRun.statedbg("minimize", "x.jsonl", ".count > 1", in: directory)
        #expect(minimize.status == .usage)
        #expect(minimize.error == """
            statedbg: error: Missing expected argument '--output <out>'.
            Usage: statedbg minimize <file> <predicate> --output <out> [--force] [--json]
              See 'statedbg help minimize' for more information.

            """)
        let export = CommandRun.statedbg("export", "x.jsonl", in: directory)
        #expect(export.status == .usage)
        #expect(export.error == """
            statedbg: error: export needs one format: --test (a regression test) or --redux-devtools (a lifted state for Redux DevTools' Import).

            """)
        for command in ["show", "changes", "record"] {
            let help = CommandRun.statedbg("help", command, in: directory).output
            #expect(help.contains("jq-like path"))
            #expect(!help.contains("JSONPath"))
        }
    }

    @Test func runsTheReplWhenGivenNothingAsDocumented() throws {
        let directory = try TemporaryDirectory()
        let run = CommandRun.statedbg([], in: directory)
        #expect(run.status == .usage)
        #expect(run.error == """
            statedbg: error: Missing expected argument '<file>'.
            Usage: statedbg repl <file> [--command <commands>] [--echo] [--follow] [--color] [--no-color]
              See 'statedbg help repl' for more information.

            """)
    }

    @Test func listsEverySubcommandInTheRootHelp() throws {
        let directory = try TemporaryDirectory()
        let run = CommandRun.statedbg("--help", in: directory)
        #expect(run.status == .success)
        #expect(run.output.contains("""
            SUBCOMMANDS:
              replay                  Replay a recording, printing each step's action label
                                      and the state diff it made.
              repl (default)          Open a recording in the interactive debugger.
              show                    Print the state after a step, or the part of it a path
                                      selects.
              diff                    Show how the states of two steps differ, or where two
                                      recordings first differ.
              log                     List the recorded actions.
              check                   Check a journal: every line, patch and state hash.
              bisect                  Find the first step where a predicate over the state
                                      holds.
              changes                 List the steps that changed the values a path selects,
                                      with old and new values.
              minimize                Write the smallest recording whose replay still makes
                                      a predicate hold.
              migrate                 Write a journal made with earlier types as a journal
                                      of the app's current types.
              debug                   Run one step's action through the app's reducer,
                                      stopping an attached debugger just before the call.
              record                  Record a registered app driven by its random action
                                      generator.
              examples                List the registered apps: their ids, for 'statedbg
                                      record', and what they are.
              export                  Write a regression test source file that replays a
                                      recording.
              view                    Write a self-contained HTML page that shows a
                                      recording as a timeline.
              serve                   Run an example app as a live process that 'statedbg
                                      attach' can debug.
              attach                  Open the interactive debugger on a running app through
                                      its live channel.
              listen                  Wait for an app to connect out to this debugger, then
                                      open the interactive debugger on it.

              See 'statedbg help <subcommand>' for detailed help.

            """))
        #expect(CommandRun.statedbg("help", "log", in: directory).output.hasPrefix("OVERVIEW: List the recorded actions.\n"))
    }

    @Test func opensTheRecordingInTheReplWhenGivenOnlyAFile() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("@w.jsonl", "-c", "last; state .owner", in: directory)
        #expect(run.status == .success)
        #expect(run.output == """
            step 5  wallet.deposit(1)
                {
              -   "balance": 0,
              +   "balance": 1,
                  "owner": "jo",
                  … (1 unchanged)
                }
            "jo"

            """)
    }
}
