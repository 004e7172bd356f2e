import Testing
@testable import StatedbgCLI

@Suite struct ScratchTests {
    @Test func scratch() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        for args in [["replay", "@w.jsonl"], ["replay", "@w.jsonl", "--verify", "--quiet"], ["replay", "@w.jsonl", "--json", "--verify"],
                     ["log", "@w.jsonl"], ["log", "@w.jsonl", "--json", "--type", "*.pay"], ["show", "@w.jsonl"], ["show", "@w.jsonl", "--step", "2", "--path", ".paid"],
                     ["show", "@w.jsonl", "--path", ".paid.*"], ["show", "@w.jsonl", "--path", ".paid[*]", "--json"], ["diff", "@w.jsonl", "1", "4"], ["diff", "@w.jsonl", "0", "-1", "--json"],
                     ["check", "@w.jsonl"], ["bisect", "@w.jsonl", ".balance < 50"], ["bisect", "@w.jsonl", ".balance <"], ["changes", "@w.jsonl", ".owner"],
                     ["minimize", "@w.jsonl", ".paid.donald > 100", "-o", "@m.jsonl"], ["examples"], ["export", "@w.jsonl", "--test"],
                     ["record", "wallet", "-o", "@r.jsonl", "--steps", "5"], ["record", "wallet", "-o", "@r.jsonl"], ["diff", "@w.jsonl", "@r.jsonl"],
                     ["nope.jsonl"], ["rplay", "x"], ["replay", "@missing.jsonl"], ["--version"], ["help", "replay"],
                     ["repl", "@w.jsonl", "-c", "next; next 2; nxt; state .paid; watch .balance; jump -1; back; log; find pay; action; diff 0; branches; info; dispatch {\"deposit\":{\"_0\":7}}; branches; undo; help next"],
        ] {
            let run = CommandRun.statedbg(args, in: directory)
            print("=== \(args.joined(separator: " ")) → \(run.status)\n\(run.output)--- stderr\n\(run.error)")
        }
    }
}
