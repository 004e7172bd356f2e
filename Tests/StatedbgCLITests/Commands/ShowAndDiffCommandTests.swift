import TestSupport
import StateRecorder
import Testing
import ExampleApps
import StatedbgCLI
import TerminalKit

@Suite struct ShowAndDiffCommandTests {
    @Test func showsTheLastStateByDefault() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("show", "@w.jsonl", in: directory)
        #expect(run.status == .success)
        #expect(run.output == """
            {
              "balance": 1,
              "owner": "jo",
              "paid": {
                "donald": 105
              }
            }

            """)
    }

    @Test func narrowsToAPathAtAStep() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        #expect(CommandRun.statedbg("show", "@w.jsonl", "--step", "2", "--path", ".paid", in: directory).output == """
            {
              "donald": 10
            }

            """)
        #expect(CommandRun.statedbg("show", "@w.jsonl", "--step", "-2", "--path", ".balance", "--json", in: directory).output == "0\n")
        #expect(CommandRun.statedbg("show", "@w.jsonl", "--path", ".paid[*]", in: directory).output == ".paid.donald = 105\n")
        #expect(CommandRun.statedbg("show", "@w.jsonl", "--path", ".paid[*]", "--json", in: directory).output
            == #"[{"path":".paid.donald","value":105}]"# + "\n")
    }

    @Test func printsANegativeIndexLikeAPlainPath() throws {
        let directory = try TemporaryDirectory()
        let record = CommandRun.statedbg("record", "users", "-o", "@u.jsonl", "--steps", "3", "--fixed-clock",
                                         in: directory, apps: Examples.all)
        #expect(record.status == .success)
        let show = CommandRun.statedbg("show", "@u.jsonl", "--path", ".users[-1]", in: directory, apps: Examples.all)
        #expect(show.output == """
            {
              "age": 51,
              "id": 3,
              "name": "Edsger Liskov"
            }

            """)
        let json = CommandRun.statedbg("show", "@u.jsonl", "--path", ".users[-1].age", "--json", in: directory, apps: Examples.all)
        #expect(json.output == "51\n")
        let missing = CommandRun.statedbg("show", "@u.jsonl", "--path", ".users[-9]", in: directory, apps: Examples.all)
        #expect(missing.status == .usage)
        #expect(missing.error == "statedbg: error: u.jsonl: .users[-9] selects nothing in any step of the recording; .users holds at most 3 elements.\n")
    }

    @Test func saysWhenAPathSelectsNothing() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("show", "@w.jsonl", "--step", "1", "--path", ".paid.donald", in: directory)
        #expect(run.status == .checkFailed)
        #expect(run.error == "statedbg: error: w.jsonl: .paid.donald selects nothing in the state after step 1.\n")
    }

    @Test func diffsTwoSteps() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("diff", "@w.jsonl", "1", "4", in: directory)
        #expect(run.status == .success)
        #expect(run.output == """
            --- step 1
            +++ step 4
              {
            -   "balance": 105,
            +   "balance": 0,
            -   "owner": "jenny",
            +   "owner": "jo",
                "paid": {
            +     "donald": 105
                }
              }

            """)
        #expect(CommandRun.statedbg("diff", "@w.jsonl", "0", "-1", "--json", in: directory).output == #"""
            {"from":0,"patch":[{"op":"replace","path":"/balance","value":1},{"op":"replace","path":"/owner","value":"jo"},{"op":"add","path":"/paid/donald","value":105}],"to":5}

            """#)
        #expect(CommandRun.statedbg("diff", "@w.jsonl", "2", "2", in: directory).output == "steps 2 and 2 have equal states\n")
    }

    @Test func findsTheFirstStepWhereTwoRecordingsDiffer() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("a.jsonl"))
        var changed = WalletFixture.actions
        changed[3] = .rename("jojo")
        try WalletFixture.record(to: directory.file("b.jsonl"), actions: changed)
        let run = CommandRun.statedbg("diff", "@a.jsonl", "@b.jsonl", in: directory)
        #expect(run.status == .checkFailed)
        #expect(run.output == """
            a.jsonl and b.jsonl first differ at step 3: the actions differ
              a.jsonl: wallet.rename("jo")
              b.jsonl: wallet.rename("jojo")
            the states after it (- a.jsonl, + b.jsonl):
                {
                  "balance": 95,
              -   "owner": "jo",
              +   "owner": "jojo",
                  … (1 unchanged)
                }

            """)
        let same = CommandRun.statedbg("diff", "@a.jsonl", "@a.jsonl", "--json", in: directory)
        #expect(same.status == .success)
        #expect(same.output == #"{"identical":true,"through":5}"# + "\n")
    }

    @Test func saysWhenTwoRecordingsStartFromDifferentStates() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("a.jsonl"))
        let wallet = WalletFixture.app()
        let purse = RecordableApp(id: "purse", summary: "A smaller wallet", initialState: WalletState(balance: 50, owner: "jo"),
                                  reducer: wallet.reducer, actionSamples: [WalletAction.deposit(1)])
        try WalletFixture.record(to: directory.file("b.jsonl"), app: purse)
        let run = CommandRun.statedbg("diff", "@a.jsonl", "@b.jsonl", in: directory)
        #expect(run.status == .checkFailed)
        #expect(run.output == """
            a.jsonl and b.jsonl record different apps (wallet and purse) and start from different initial states at step 0, before any action (- a.jsonl, + b.jsonl):
                {
              -   "balance": 100,
              +   "balance": 50,
              -   "owner": "jenny",
              +   "owner": "jo",
                  "paid": {}
                }

            """)
    }
}
