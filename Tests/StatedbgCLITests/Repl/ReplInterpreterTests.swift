import TestSupport
import Foundation
import StateDebugger
import StateRecorder
import Testing
import StatedbgCLI

@Suite struct ReplInterpreterTests {
    private func interpreter(in directory: TemporaryDirectory) throws -> ReplInterpreter {
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let source = try RecordingLoader.open(path: path)
        return ReplInterpreter(session: Session(source: source, registry: AppRegistry([WalletFixture.app()]),
                                                clock: RecordingClock.fixed()))
    }

    @Test func backFollowsATimeTravelOfTheRecordedAppAndBranchesShowsIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("travel.jsonl")
        var options = RecorderOptions()
        options.recordsCallSites = false
        let recorder = try RecordingStore(app: WalletFixture.app(), journal: path, options: options, clock: RecordingClock.fixed())
        for amount in 1...4 { recorder.dispatch(.deposit(amount)) }
        try recorder.undo(2)
        recorder.dispatch(.rename("jo"))
        try recorder.close()
        let repl = ReplInterpreter(session: Session(source: try RecordingLoader.open(path: path),
                                                    registry: AppRegistry([WalletFixture.app()]), clock: RecordingClock.fixed()))
        _ = repl.execute("jump 5")
        #expect(repl.execute("back").text.hasPrefix("step 2  wallet.deposit(2)\n"))
        #expect(repl.execute("next 3").text.hasPrefix("step 5  "))
        #expect(repl.execute("back 2").text.hasPrefix("step 1  wallet.deposit(1)\n"))
        #expect(repl.execute("branches").text == """
            * main: steps 0 to 5 (recorded)
                step 5 continues from step 2 after a time travel; steps 3 to 4 are the path the app left
            """)
    }

    @Test func movesAndShowsTheStepItLandedOnWithTheDiffItMade() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        #expect(repl.prompt == "(statedbg 0/5) ")
        #expect(repl.execute("n 2") == ReplReply(text: """
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
            """))
        #expect(repl.prompt == "(statedbg 2/5) ")
        #expect(repl.execute("jump end").text.hasPrefix("step 5  wallet.deposit(1)\n"))
        #expect(repl.execute("b 2").text.hasPrefix("step 3  wallet.rename(\"jo\")\n"))
        #expect(repl.execute("jump +1").text.hasPrefix("step 4  "))
        #expect(repl.execute("jump -3").text.hasPrefix("step 1  "))
        #expect(repl.execute("jump end-1").text.hasPrefix("step 4  "))
        #expect(repl.execute("jump end-0").text.hasPrefix("step 5  "))
        #expect(repl.execute("jump 2").text.hasPrefix("step 2  "))
        #expect(repl.execute("first").text == "step 0  (initial state)")
        #expect(repl.execute("last").text.hasPrefix("step 5  "))
        #expect(repl.execute("next") == ReplReply(error: "already at the last step, 5."))
        #expect(repl.prompt == "(statedbg 5/5) ")
    }

    @Test func refusesHugeMovesWithoutOverflowingAndKeepsGoing() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        _ = repl.execute("jump 3")
        #expect(repl.execute("next 9223372036854775807") == ReplReply(error: "there are only 2 steps after step 3; the last is 5."))
        #expect(repl.execute("jump +9223372036854775807") == ReplReply(error: "there are only 2 steps after step 3; the last is 5."))
        #expect(repl.execute("back 9223372036854775807") == ReplReply(error: "there are only 3 steps before step 3; the first is 0."))
        #expect(repl.execute("jump 9223372036854775807") == ReplReply(error: "there is no step 9223372036854775807; the last is 5."))
        #expect(repl.execute("diff -9223372036854775808 1") == ReplReply(
            error: "there is no step -9223372036854775808; counting back from the end, the first step (0) is -6."))
        #expect(repl.execute("log 0 9223372036854775807") == ReplReply(error: "there is no step 9223372036854775807; the last is 5."))
        #expect(repl.prompt == "(statedbg 3/5) ")
        #expect(repl.execute("next 2").text.hasPrefix("step 5  "))
    }

    @Test func rangeErrorsNameTheStepsAsTyped() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        #expect(repl.execute("back") == ReplReply(error: "already at the first step, 0."))
        _ = repl.execute("jump 3")
        #expect(repl.execute("back 999") == ReplReply(error: "there are only 3 steps before step 3; the first is 0."))
        #expect(repl.execute("next 3") == ReplReply(error: "there are only 2 steps after step 3; the last is 5."))
        _ = repl.execute("jump 4")
        #expect(repl.execute("next 2") == ReplReply(error: "there is only 1 step after step 4; the last is 5."))
        #expect(repl.execute("log 4 60") == ReplReply(error: "there is no step 60; the last is 5."))
        #expect(repl.execute("action 6") == ReplReply(error: "there is no step 6; the last is 5."))
        #expect(repl.execute("jump -5") == ReplReply(error: "there are only 4 steps before step 4; the first is 0."))
        #expect(repl.execute("jump end-6") == ReplReply(error: "there are only 5 steps before the last step, 5; the first is 0."))
        #expect(repl.execute("jump end-9223372036854775807") == ReplReply(error: "there are only 5 steps before the last step, 5; the first is 0."))
        #expect(repl.execute("jump end-5").text == "step 0  (initial state)")
        #expect(repl.execute("jump -1") == ReplReply(error: "already at the first step, 0."))
    }

    @Test func suggestsTheCommandATypoWasMeantToBeAndKeepsGoing() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        #expect(repl.execute("nxt") == ReplReply(error: "unknown command 'nxt'; did you mean 'next'?"))
        #expect(repl.execute("frobnicate") == ReplReply(error: "unknown command 'frobnicate'; type 'help' for the commands."))
        #expect(repl.execute("next two") == ReplReply(error: "'two' is not a count; give a number of steps, 0 or more."))
        #expect(repl.execute("   ") == ReplReply())
        #expect(repl.execute("# a comment") == ReplReply())
        #expect(!repl.isFinished)
        #expect(repl.execute("q") == ReplReply())
        #expect(repl.isFinished)
    }

    @Test func undoesAndRedoesMovesAndDispatchesOnBranches() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        _ = repl.execute("jump 2")
        #expect(repl.execute(#"dispatch {"deposit":{"_0":7}}"#) == ReplReply(text: """
            wallet.deposit(7) applied at branch-1@3 (new branch branch-1; the old future stays on its branch)
            step 3  wallet.deposit(7)
                {
              -   "balance": 95,
              +   "balance": 102,
                  "owner": "jenny",
                  … (1 unchanged)
                }
            """))
        #expect(repl.prompt == "(statedbg branch-1 3/3) ")
        #expect(repl.execute("branches").text == """
              main: steps 0 to 5 (recorded)
            * branch-1: steps 0 to 3 (forked from main at 2, 1 new)
            """)
        #expect(repl.execute("undo").text.hasPrefix("step 2  "))
        #expect(repl.prompt == "(statedbg 2/5) ")
        #expect(repl.execute("redo").text.hasPrefix("step 3  wallet.deposit(7)"))
        #expect(repl.execute("redo") == ReplReply(error: "There is nothing to redo."))
        #expect(repl.execute("checkout main").text.hasPrefix("step 5  "))
        #expect(repl.execute("checkout mian") == ReplReply(error: "There is no branch \"mian\"; the branches are main, branch-1."))
        #expect(repl.execute(#"dispatch {"pay":{"to":"x","amount":500}}"#)
            == ReplReply(error: #"wallet.pay(to: "x", amount: 500) rejected by noDebt: jo would owe 499"#))
        #expect(repl.execute("dispatch {oops") == ReplReply(error: "The action is not valid JSON: line 1, column 2: expected a string key or '}'."))
        #expect(repl.execute(#"dispatch {"nosuch":{}}"#)
            == ReplReply(error: "`nosuch` is not a case of StatedbgCLITests.WalletAction (known: deposit, pay, rename)."))
    }

    @Test func watchesPathsPrintingOnlyChangedValuesAndMarksPositions() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        #expect(repl.execute("watch .balance").text == "watching .balance = 100 (watchpoint 1)")
        #expect(repl.execute("watch .paid[*]").text == "watching .paid[*] = (absent) (watchpoint 2)", "absent now, present later")
        #expect(repl.execute("watch .owner").text == "watching .owner = \"jenny\" (watchpoint 3)")
        #expect(repl.execute("next 4").text.hasSuffix("""
                }
            watch .balance = 0
            watch .paid.donald = 105
            watch .owner = "jo"
            """))
        #expect(repl.execute("next").text.hasSuffix("""
                }
            watch .balance = 1
            """))
        #expect(repl.execute("watch").text == """
            watch .balance = 1
            watch .paid.donald = 105
            watch .owner = "jo"
            """)
        #expect(repl.execute("unwatch .owner").text == "stopped watching .owner")
        _ = repl.execute("back")
        #expect(repl.execute("mark paid").text == "marked main@4 as paid")
        _ = repl.execute("first")
        #expect(repl.execute("jump paid").text.hasPrefix("step 4  "))
        #expect(repl.execute("jump nowhere") == ReplReply(error: "'nowhere' is neither a step number nor a mark; the marks are checkpoint, paid."))
        #expect(repl.execute("unwatch .balance").text == "stopped watching .balance")
        #expect(repl.execute("unwatch").text == "stopped watching 1 path")
        #expect(repl.execute("info").text == """
            recording: \(directory.file("w.jsonl")) (statedbg journal)
            app: wallet (reducer mode)
            steps: 0 to 5, 2 events
            position: main@4 of 0 to 5
            branches: main
            dispatch: works
            verify: works
            skip: works
            minimize: works
            in-app travel: does not work: it needs the running app (statedbg attach)
            marks: paid (main@4)
            recorded marks: @checkpoint (step 3)
            """)
    }

    @Test func answersQueriesAboutTheRecording() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        _ = repl.execute("jump 3")
        #expect(repl.execute("state .paid").text == """
            {
              "donald": 10
            }
            """)
        #expect(repl.execute("a").text == """
            step 3  wallet.rename("jo")
              type: wallet.rename
              payload: {
                "rename": {
                  "_0": "jo"
                }
              }
            """)
        #expect(repl.execute("state .owner \t").text == "\"jo\"", "completion leaves a trailing space")
        #expect(repl.execute("action 0").text == "step 0 is the initial state; it has no action")
        #expect(repl.execute("d 1 2").text == """
            --- step 1
            +++ step 2
              {
            -   "balance": 105,
            +   "balance": 95,
                "owner": "jenny",
                "paid": {
            +     "donald": 10
                }
              }
            """)
        #expect(repl.execute("log 2 4").text == """
                  2  wallet.pay(to: "donald", amount: 10)
            →     3  wallet.rename("jo")
                  4  wallet.pay(to: "donald", amount: 95)
            """)
        #expect(repl.execute("find *.deposit").text == """
                  1  wallet.deposit(5)
                  5  wallet.deposit(1)
            """)
        #expect(repl.execute("changes .owner").text == """
            step 3 wallet.rename("jo"): "jenny" → "jo"
            .owner changed at 1 of steps 1 to 5.
            """)
        #expect(repl.execute("bisect .balance < 50").text.hasPrefix("""
            .balance < 50 first holds at step 4 (wallet.pay(to: "donald", amount: 95)) if it stays true once it holds: binary search read 4 of 6 states; --linear reads them all.
            step 4  wallet.pay(to: "donald", amount: 95)
            """))
        #expect(repl.prompt == "(statedbg 4/5) ")
        #expect(repl.execute("bisect --linear .balance < 100").text.hasPrefix("""
            .balance < 100 first holds at step 2 (wallet.pay(to: "donald", amount: 10)); linear scan, as asked; 3 states read.
            """))
        #expect(repl.execute(#"bisect action.type == "wallet.pay""#).text.hasPrefix("""
            action.type == "wallet.pay" first holds at step 2 (wallet.pay(to: "donald", amount: 10)); linear scan, because a predicate over the action or the step number can hold at one step and not at the next; 3 states read.
            """))
        #expect(repl.execute("bisect .balance < 50").text.hasPrefix(".balance < 50 first holds at step 4"))
        #expect(repl.execute("replay --verify").text == """
            schema: compatible: the recording's state and action types match the current code
            verified 5 steps: every state matches
            """)
        #expect(repl.execute("replay").text.hasPrefix("step 5  wallet.deposit(1)"))
    }

    @Test func savesTheCurrentBranchWithoutOverwriting() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        _ = repl.execute("jump 1")
        _ = repl.execute(#"dispatch {"rename":{"_0":"ada"}}"#)
        let target = directory.file("saved.jsonl")
        #expect(repl.execute("save \(target)").text == "wrote 2 steps of branch-1 to \(target)")
        #expect(repl.execute("save \(target)") == ReplReply(error: "\(target): the file already exists; choose another name or pass --force to replace it."))
        #expect(repl.execute("save \(target) --force").succeeded)
    }

    @Test func completesCommandsPathsBranchesAndHelpTopics() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        _ = repl.execute("last")
        #expect(repl.completions(line: "ne", cursor: 2) == ["next"])
        #expect(repl.completions(line: "", cursor: 0).count == ReplCommandInfo.all.count)
        #expect(repl.completions(line: "state .pa", cursor: 9) == [".paid"])
        #expect(repl.completions(line: "state ", cursor: 6) == [".balance", ".owner", ".paid"])
        #expect(repl.completions(line: "watch .paid.", cursor: 12) == [".paid.donald"])
        #expect(repl.completions(line: "bisect .bal", cursor: 11) == [".balance"])
        #expect(repl.completions(line: "checkout m", cursor: 10) == ["main"])
        #expect(repl.completions(line: "help un", cursor: 7) == ["undo", "unwatch"])
        #expect(repl.completions(line: "next 1", cursor: 6) == [])
    }

    @Test func describesEveryCommandInHelpFromItsSpecification() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        let help = repl.execute("help").text
        #expect(help.hasPrefix("""
            COMMANDS:
              next, n                 Move forward n steps (1).
              back, b                 Move back n steps (1) along each step's parent: after
                                      a time travel in the recorded app, to where it went.
            """))
        for command in ReplCommandInfo.all {
            #expect(help.contains("\n  " + ([command.name] + command.aliases).joined(separator: ", ") + " "), "\(command.name) is listed")
        }
        #expect(repl.execute("help j") == ReplReply(text: """
            OVERVIEW: Go to a step, n steps forward or back from here, the last step (end)
            or n before it (end-n), or a mark.

            A mark is a name given with 'mark NAME' or one the recorded app gave with its
            recorder's mark(_:); write it as NAME or @NAME (a session's mark wins when both
            have the name). A recorded mark stands for the step it follows on the
            recording's branch.

            USAGE: jump <target>

            ARGUMENTS:
              <target>                STEP, +n, -n, end, end-n, NAME or @NAME.

            OPTIONS:
              -h, --help              Show help information.

            ALIASES: j
            """))
        #expect(repl.execute("jump --help") == repl.execute("help jump"))
        #expect(repl.execute("help nxt") == ReplReply(error: "unknown command 'nxt'; did you mean 'next'?"))
        #expect(repl.execute("mark") == ReplReply(error: """
            Missing expected argument '<name>'.
            Usage: mark <name>
              See 'help mark' for more information.
            """))
        #expect(repl.execute("next 1 2") == ReplReply(error: """
            Unexpected argument '2'.
            Usage: next [<count>]
              See 'help next' for more information.
            """))
    }
}
