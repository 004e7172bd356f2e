import TestSupport
import Foundation
import StateDebugger
import StateRecorder
import StateStore
import Testing
import TerminalKit
@testable import StatedbgCLI

/// gdb's habits in the REPL on a recording: breakpoints, watchpoints, continue and reverse-continue,
/// Enter repeating a step, prefixes, recorded marks, unsaved branches, skip.
@Suite struct ReplDebuggerHabitsTests {
    private func interpreter(in directory: TemporaryDirectory, registered: Bool = true) throws -> ReplInterpreter {
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let source = try RecordingLoader.open(path: path)
        return ReplInterpreter(session: Session(source: source, registry: AppRegistry(registered ? [WalletFixture.app()] : []),
                                                clock: RecordingClock.fixed()))
    }

    @Test func continueStopsWhereAPredicateBecomesTrueAndSaysWhichBreakpoint() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        #expect(repl.execute("break when .balance < 100") == ReplReply(text: "breakpoint 1: when .balance < 100"))
        #expect(repl.execute("continue") == ReplReply(text: """
            breakpoint 1: .balance < 100 became true
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
        // Still below 100 at steps 3 and 4: the predicate does not become true again until it was false.
        #expect(repl.execute("c") == ReplReply(text: "no breakpoint or watchpoint is hit after step 2 (the last is 5); the cursor stays at step 2"))
        _ = repl.execute("last")
        #expect(repl.execute("reverse-continue").text.hasPrefix("breakpoint 1: .balance < 100 became true\nstep 2  "))
        #expect(repl.execute("info breakpoints") == ReplReply(text: """
            Num  Type        Enb  Hits  What
            1    breakpoint  y    2     when .balance < 100
            """))
    }

    /// Issue 19's own example, on a shipped recording of the users app.
    @Test func breakWhenACountPassesALimitStopsWhereItFirstDoes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let source = try RecordingLoader.open(path: root.appendingPathComponent("Recordings/users-negative-age.jsonl").path)
        let repl = ReplInterpreter(session: Session(source: source, registry: AppRegistry([]), clock: RecordingClock.fixed()))
        #expect(repl.execute("break when .users.count > 3") == ReplReply(text: "breakpoint 1: when .users.count > 3"))
        #expect(repl.execute("continue") == ReplReply(text: """
            breakpoint 1: .users.count > 3 became true
            step 9  users.addUser(name: "Donald Hopper", age: 56)
                {
              -   "nextID": 4,
              +   "nextID": 5,
                  "users": [
                    … (3 unchanged),
              +     {
              +       "age": 56,
              +       "id": 4,
              +       "name": "Donald Hopper"
              +     }
                  ]
                }
            """))
        #expect(repl.execute("state .users.count") == ReplReply(text: "4"))
        #expect(repl.execute("continue") == ReplReply(
            text: "no breakpoint or watchpoint is hit after step 9 (the last is 60); the cursor stays at step 9"))
    }

    @Test func actionBreakpointsStopOnTheTypeOrAGlobAndCanBeDisabledAndDeleted() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        #expect(repl.execute("break action wallet.deposit") == ReplReply(text: "breakpoint 1: action wallet.deposit"))
        #expect(repl.execute("br action *.rename") == ReplReply(text: "breakpoint 2: action *.rename"))
        #expect(repl.execute("break action wallet.refund") == ReplReply(text: """
            breakpoint 3: action wallet.refund
            note: no action type of the recording matches yet; the types are wallet.deposit, wallet.pay, wallet.rename
            """))
        #expect(repl.execute("c").text.hasPrefix("breakpoint 1: action wallet.deposit\nstep 1  wallet.deposit(5)\n"))
        #expect(repl.execute("c").text.hasPrefix("breakpoint 2: action wallet.rename\nstep 3  wallet.rename(\"jo\")\n"))
        #expect(repl.execute("disable 1") == ReplReply(text: "disabled breakpoint 1"))
        #expect(repl.execute("c").text.hasPrefix("no breakpoint or watchpoint is hit after step 3"))
        #expect(repl.execute("enable") == ReplReply(text: "enabled breakpoint 1, breakpoint 2, breakpoint 3"))
        #expect(repl.execute("c").text.hasPrefix("breakpoint 1: action wallet.deposit\nstep 5  "))
        #expect(repl.execute("delete 3 1") == ReplReply(text: """
            deleted breakpoint 3 (action wallet.refund)
            deleted breakpoint 1 (action wallet.deposit)
            """))
        #expect(repl.execute("delete 9") == ReplReply(error: "there is no breakpoint or watchpoint 9; they are 2."))
        #expect(repl.execute("disable x") == ReplReply(error: "'x' is not a breakpoint number; they are 2."))
        #expect(repl.execute("info b") == ReplReply(text: """
            Num  Type        Enb  Hits  What
            2    breakpoint  y    1     action *.rename
            """))
        #expect(repl.execute("delete") == ReplReply(text: "deleted breakpoint 2 (action *.rename)"))
        #expect(repl.execute("c") == ReplReply(
            error: "there are no breakpoints or watchpoints; break when PREDICATE, break action TYPE or watch PATH sets one."))
        #expect(repl.execute("info breakpoints") == ReplReply(text: "No breakpoints or watchpoints."))
    }

    @Test func watchpointsStopWhereTheValueChangesShowingOldAndNew() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        #expect(repl.execute("watch .owner") == ReplReply(text: #"watching .owner = "jenny" (watchpoint 1)"#))
        #expect(repl.execute("watch .owner") == ReplReply(text: ".owner is already watchpoint 1"))
        #expect(repl.execute("c") == ReplReply(text: """
            watchpoint 1: .owner: "jenny" → "jo"
            step 3  wallet.rename("jo")
                {
                  "balance": 95,
              -   "owner": "jenny",
              +   "owner": "jo",
                  … (1 unchanged)
                }
                ⟂ marker: checkpoint
            """), "the hit says old → new, so the watched value is not printed again")
        #expect(repl.execute("watch .paid.donald").text == "watching .paid.donald = 10 (watchpoint 2)")
        #expect(repl.execute("c").text.hasPrefix("watchpoint 2: .paid.donald: 10 → 105\nstep 4  "))
        #expect(repl.execute("rc").text.hasPrefix("watchpoint 1: .owner: \"jenny\" → \"jo\"\nstep 3  "))
        #expect(repl.execute("rc").text.hasPrefix("watchpoint 2: .paid.donald: (absent) → 10\nstep 2  "))
        #expect(repl.execute("rc") == ReplReply(text: "no breakpoint or watchpoint is hit before step 2 (the first is 0); the cursor stays at step 2"))
        #expect(repl.execute("unwatch .paid.donald") == ReplReply(text: "stopped watching .paid.donald"))
        #expect(repl.execute("info watchpoints") == ReplReply(text: """
            Num  Type        Enb  Hits  What
            1    watchpoint  y    2     .owner
            """))
    }

    @Test func enterOnAnEmptyLineRepeatsTheLastSteppingCommand() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        _ = repl.execute("next")
        #expect(repl.execute("") == ReplReply(), "scripts keep blank lines inert")
        #expect(repl.prompt == "(statedbg 1/5) ")
        repl.repeatsOnEmptyLine = true
        #expect(repl.execute("").text.hasPrefix("step 2  "))
        _ = repl.execute("state .owner")
        #expect(repl.execute("").text.hasPrefix("step 3  "), "a query in between does not replace the stepping command")
        _ = repl.execute("back 2")
        #expect(repl.execute("") == ReplReply(error: "there is only 1 step before step 1; the first is 0."))
        #expect(repl.execute("  ") == ReplReply(), "only a truly empty line repeats")
        _ = repl.execute("watch .balance")
        #expect(repl.execute("c").text.hasPrefix("watchpoint 1: .balance: 105 → 95\nstep 2  "))
        #expect(repl.execute("").text.hasPrefix("watchpoint 1: .balance: 95 → 0\nstep 4  "))
    }

    @Test func uniquePrefixesRunACommandAndAmbiguousOnesListTheCandidates() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        #expect(repl.execute("nex").text.hasPrefix("step 1  "))
        #expect(repl.execute("rev") == ReplReply(error: "there are no breakpoints or watchpoints; break when PREDICATE, break action TYPE or watch PATH sets one."))
        #expect(repl.execute("di") == ReplReply(error: "'di' is ambiguous; it could be disable, diff or dispatch."))
        #expect(repl.execute("re") == ReplReply(error: "'re' is ambiguous; it could be redo, reverse-continue or replay."))
        #expect(repl.execute("nxt") == ReplReply(error: "unknown command 'nxt'; did you mean 'next'?"))
        #expect(repl.execute("help unw").text.hasPrefix("OVERVIEW: Stop watching PATH (or everything).\n"))
        #expect(repl.completions(line: "rev", cursor: 3) == ["reverse-continue"])
        #expect(repl.completions(line: "break ", cursor: 6) == ["action", "when"])
        #expect(repl.completions(line: "break action wallet.", cursor: 20) == ["wallet.deposit", "wallet.pay", "wallet.rename"])
        #expect(repl.completions(line: "br when .ba", cursor: 11) == [".balance"])
        #expect(repl.completions(line: "info w", cursor: 6) == ["watchpoints"])
        #expect(repl.completions(line: "info breakpoints ", cursor: 17) == [])
    }

    @Test func marksTheRecordedAppMadeAreJumpTargetsByName() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        #expect(repl.execute("jump @checkpoint").text.hasPrefix("step 3  wallet.rename(\"jo\")\n"))
        _ = repl.execute("first")
        #expect(repl.execute("jump checkpoint").text.hasPrefix("step 3  "))
        _ = repl.execute("jump 1")
        _ = repl.execute("mark start")
        #expect(repl.execute("jump @start").text.hasPrefix("step 1  "))
        #expect(repl.execute("jump @nope") == ReplReply(error: "there is no mark 'nope'; the marks are checkpoint, start."))
        #expect(repl.execute("mark @x") == ReplReply(
            error: "A mark's name cannot be a number, +n, -n, @NAME, end or end-n, since jump NAME would read it otherwise."))
        #expect(repl.completions(line: "jump ch", cursor: 7) == ["checkpoint"])
    }

    @Test func branchesMadeInTheSessionAreUnsavedUntilSaved() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        #expect(repl.unsavedBranches.isEmpty)
        _ = repl.execute("jump 2")
        _ = repl.execute(#"dispatch {"deposit":{"_0":7}}"#)
        #expect(repl.unsavedBranches == ["branch-1 (1 new step)"])
        #expect(repl.execute("save \(directory.file("b.jsonl"))").succeeded)
        #expect(repl.unsavedBranches.isEmpty)
        _ = repl.execute(#"dispatch {"deposit":{"_0":1}}"#)
        #expect(repl.unsavedBranches == ["branch-1 (2 new steps)"], "a step after the save is unsaved again")
        #expect(repl.execute("quit") == ReplReply())
        #expect(repl.isFinished)
        repl.resume()
        #expect(!repl.isFinished)
    }

    @Test func skipReplaysTheRestWithoutAnActionAsANewBranchAndShowsWhereTheOutcomeDiffers() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        #expect(repl.execute("skip 3") == ReplReply(text: """
            skipped step 3 (wallet.rename("jo")): replayed steps 4 to 5 on branch-1
            the outcome first differs at step 4 (wallet.pay(to: "donald", amount: 95), now branch-1@3) (- recorded, + without step 3):
              {
                "balance": 0,
            -   "owner": "jo",
            +   "owner": "jenny",
                … (1 unchanged)
              }
            the final state differs from the recording's
            step 4  wallet.deposit(1)
                {
              -   "balance": 0,
              +   "balance": 1,
                  "owner": "jenny",
                  … (1 unchanged)
                }
            """))
        #expect(repl.prompt == "(statedbg branch-1 4/4) ")
        _ = repl.execute("checkout main")
        // Without the first payment the second still fits (105 - 95), so the outcome differs only in amounts.
        #expect(repl.execute("skip 2").text.hasPrefix("""
            skipped step 2 (wallet.pay(to: "donald", amount: 10)): replayed steps 3 to 5 on branch-2
            the outcome first differs at step 3 (wallet.rename("jo"), now branch-2@2) (- recorded, + without step 2):
            """))
        _ = repl.execute("checkout main")
        #expect(repl.execute("skip 5").text.hasPrefix("""
            skipped step 5 (wallet.deposit(1)): it is the last step, so the state without it is step 4's; the final state differs (- recorded, + without it):
            """))
        #expect(repl.execute("skip 0") == ReplReply(error: "step 0 is the initial state; it has no action to skip."))
        #expect(repl.execute("skip 9") == ReplReply(error: "there is no step 9; the last is 5."))
    }

    @Test func skipNeedsTheAppToReplay() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory, registered: false)
        let reply = repl.execute("skip 2")
        #expect(reply.error?.hasPrefix("This needs the reducer of the app \"wallet\", which this statedbg does not know") ?? false, "\(reply)")
        #expect(repl.prompt == "(statedbg 0/5) ", "nothing moved")
    }

    /// The wallet as a later version that dropped `rename`: the recorded renames no longer decode.
    private enum WalletWithoutRename: Codable, Sendable {
        case deposit(Int)
        case pay(to: String, amount: Int)
    }

    @Test func skipSaysWhereItStoppedWhenALaterActionCannotBeReplayed() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let app = RecordableApp<WalletState, WalletWithoutRename>(
            id: "wallet", summary: "", initialState: WalletState(),
            reducer: Reducer { state, action in
                switch action {
                case .deposit(let amount): state.balance += amount
                case .pay(let payee, let amount):
                    state.balance -= amount
                    state.paid[payee, default: 0] += amount
                }
            })
        let repl = ReplInterpreter(session: Session(source: try RecordingLoader.open(path: path), registry: AppRegistry([app]),
                                                    clock: RecordingClock.fixed()))
        let reply = repl.execute("skip 1")
        #expect(reply.error?.hasPrefix(#"step 3 (wallet.rename("jo")) could not be replayed without step 1: "#) ?? false, "\(reply)")
        #expect(reply.error?.hasSuffix("The cursor is at branch-1@1, where the replay stopped.") ?? false, "\(reply)")
        #expect(repl.prompt == "(statedbg branch-1 1/1) ")
    }

    @Test func badInputGetsAnErrorNamingWhatIsWrong() throws {
        let directory = try TemporaryDirectory()
        let repl = try interpreter(in: directory)
        let name = repl.timeline.source.name
        #expect(repl.execute("watch .balanse") == ReplReply(
            error: "\(name): .balanse selects nothing in any step of the recording; did you mean .balance?"))
        #expect(repl.execute("break when .paid.daisy > 0") == ReplReply(
            error: "\(name): .paid.daisy selects nothing in any step of the recording; the keys there are .paid.donald."))
        #expect(repl.execute("break when .balance <") == ReplReply(error: """
            The predicate is not valid at column 11: expected a value after '<'.
            .balance <
                      ^
            """))
        #expect(repl.execute("break") == ReplReply(error: """
            Missing expected argument '<condition>'.
            Usage: break <condition>
              See 'help break' for more information.
            """))
        #expect(repl.execute("break if .balance < 0") == ReplReply(
            error: "break takes 'when PREDICATE' or 'action TYPE', not 'if'; e.g. break when .balance < 0."))
        #expect(repl.execute("info frames") == ReplReply(error: "info knows breakpoints (info breakpoints, info b), not 'frames'."))
    }

    /// A REPL command that is the same thing as a `statedbg` subcommand takes its text from the
    /// subcommand's specification, so `help` in the REPL and `statedbg help` cannot drift apart.
    @Test func sharedCommandsSayWhatTheirSubcommandsSay() throws {
        let counterparts: [(repl: String, cli: CommandSpec)] = [
            ("changes", ChangesCommand.spec), ("bisect", BisectCommand.spec), ("minimize", MinimizeCommand.spec),
        ]
        for (name, cli) in counterparts {
            let spec = try #require(ReplCommandInfo.named(name)).spec
            #expect(spec.abstract == cli.abstract, "\(name)")
            let cliHelp = HelpRenderer().render(commandPath: [cli])
            #expect(cliHelp.contains(TextWrapperProbe.firstLine(of: spec.abstract)), "\(name)")
        }
        let borrowed: [(repl: ArgumentSpec, cli: ArgumentSpec?)] = [
            (try #require(ReplCommandInfo.named("changes")).spec.arguments[0], ChangesCommand.spec.arguments.first { $0.name == "path" }),
            (try #require(ReplCommandInfo.named("minimize")).spec.arguments[0], MinimizeCommand.spec.arguments.first { $0.name == "predicate" }),
        ]
        for (repl, cli) in borrowed { #expect(repl == cli) }
        let options: [(repl: OptionSpec, cli: OptionSpec?)] = [
            (try #require(ReplCommandInfo.named("replay")).spec.options[0], ReplayCommand.spec.options.first { $0.long == "verify" }),
            (try #require(ReplCommandInfo.named("minimize")).spec.options[0], MinimizeCommand.spec.options.first { $0.long == "output" }),
            (try #require(ReplCommandInfo.named("minimize")).spec.options[1], MinimizeCommand.spec.options.first { $0.long == "force" }),
        ]
        for (repl, cli) in options { #expect(repl == cli) }
        let pathHelp = try #require(ShowCommand.spec.options.first { $0.long == "path" }).help
        #expect(try #require(ReplCommandInfo.named("state")).spec.arguments[0].help == pathHelp)
        #expect(try #require(ReplCommandInfo.named("watch")).spec.arguments[0].help == pathHelp)
    }
}

/// The first words of a sentence, short enough to sit on one wrapped help line.
private enum TextWrapperProbe {
    static func firstLine(of text: String) -> String {
        text.split(separator: " ").prefix(5).joined(separator: " ")
    }
}
