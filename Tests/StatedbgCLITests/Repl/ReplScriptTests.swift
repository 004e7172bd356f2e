#if canImport(Glibc)
import TestSupport
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import StatedbgCLI
import TerminalKit

@Suite struct ReplScriptTests {
    @Test func runsCommandsFromDashCEchoingThemAndFailsWhenOneFails() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("repl", "@w.jsonl", "--echo", "-c", "next 3; nxt; state .owner; quit; next", in: directory)
        #expect(run.status == .checkFailed)
        #expect(run.output == """
            (statedbg 0/5) next 3
            step 3  wallet.rename("jo")
                {
                  "balance": 95,
              -   "owner": "jenny",
              +   "owner": "jo",
                  … (1 unchanged)
                }
                ⟂ marker: checkpoint
            (statedbg 3/5) nxt
            (statedbg 3/5) state .owner
            "jo"
            (statedbg 3/5) quit

            """)
        #expect(run.error == "statedbg: error: command 2: unknown command 'nxt'; did you mean 'next'?\n")
    }

    @Test func keepsSemicolonsInsideQuotedJSON() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("repl", "@w.jsonl", "-c", #"last; dispatch {"rename":{"_0":"a;b"}}; state .owner"#, in: directory)
        #expect(run.status == .success)
        #expect(run.output.hasSuffix("\"a;b\"\n"))
    }

    @Test func readsAScriptFromStandardInputWithoutAPrompt() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let script = Array("jump end\nback\nbogus 1\nstate .balance".utf8)
        #expect(write(ends[1], script, script.count) == script.count)
        close(ends[1])
        defer { close(ends[0]) }
        let out = MemorySink()
        let err = MemorySink()
        let terminal = Terminal(inputDescriptor: ends[0], output: TextOutput(standardOutput: out, standardError: err))
        let status = Statedbg.main(arguments: ["statedbg", "repl", path], apps: [], terminal: terminal, catchesInterrupts: false)
        #expect(status == .checkFailed)
        #expect(out.text == """
            step 5  wallet.deposit(1)
                {
              -   "balance": 0,
              +   "balance": 1,
                  "owner": "jo",
                  … (1 unchanged)
                }
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
            0

            """)
        #expect(err.text == "statedbg: error: line 3: unknown command 'bogus'; type 'help' for the commands.\n")
    }

    @Test func splitsScriptsAtSemicolonsOutsideQuotes() {
        #expect(ReplScript.commands(in: #"next 5;state .count ; dispatch {"note":{"_0":"a;b"}};; find 'x;y'"#)
            == ["next 5", "state .count", #"dispatch {"note":{"_0":"a;b"}}"#, "find 'x;y'"])
    }
}
