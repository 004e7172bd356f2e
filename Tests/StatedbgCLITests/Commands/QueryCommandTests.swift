import TestSupport
import Foundation
import Testing
import StatedbgCLI
import TerminalKit

@Suite struct QueryCommandTests {
    @Test func listsTheActionsFilteredByType() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        #expect(CommandRun.statedbg("log", "@w.jsonl", in: directory).output == """
                 1  wallet.deposit(5)
                 2  wallet.pay(to: "donald", amount: 10)
                 3  wallet.rename("jo")
                 4  wallet.pay(to: "donald", amount: 95)
                 5  wallet.deposit(1)

            """)
        #expect(CommandRun.statedbg("log", "@w.jsonl", "--type", "*.rename", "--json", in: directory).output == #"""
            {"action":{"label":"wallet.rename(\"jo\")","payload":{"rename":{"_0":"jo"}},"type":"wallet.rename"},"line":5,"step":3,"time":1767225604000}

            """#)
    }

    @Test func bisectsToTheFirstStepWhereAPredicateHolds() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("bisect", "@w.jsonl", ".balance < 50", in: directory)
        #expect(run.status == .success)
        #expect(run.output == """
            .balance < 50 first holds at step 4 (wallet.pay(to: "donald", amount: 95)) if it stays true once it holds: binary search read 4 of 6 states; --linear reads them all.
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

            """)
        let never = CommandRun.statedbg("bisect", "@w.jsonl", ".balance > 1000", "--linear", in: directory)
        #expect(never.status == .checkFailed)
        #expect(never.output == ".balance > 1000 never holds in steps 0 to 5; linear scan, as asked; 5 states read.\n")
    }

    /// On the shipped bank recording `bank.pay` is the last action and the second: a binary search
    /// answered step 27. A predicate over the action is checked at every step, by both searches.
    @Test func aPredicateOverTheActionFindsTheFirstStepItHoldsAt() throws {
        let directory = try TemporaryDirectory()
        let bank = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Recordings/bank.jsonl").path
        for extra in [[], ["--linear"]] {
            let run = CommandRun.statedbg(["bisect", bank, #"action.type == "bank.pay""#, "--json"] + extra, in: directory)
            #expect(run.status == .success)
            #expect(run.output.contains(#""step":2}"#), "\(extra): \(run.output)")
        }
        let run = CommandRun.statedbg(["bisect", bank, #"action.type == "bank.pay""#], in: directory)
        #expect(run.output.hasPrefix(#"action.type == "bank.pay" first holds at step 2 (bank.pay(from: donald, to: jenny, amount: 47)); linear scan, because a predicate over the action or the step number can hold at one step and not at the next; 3 states read."#), "\(run.output)")
    }

    @Test func pointsAtTheColumnOfABadPredicate() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("bisect", "@w.jsonl", ".balance <", in: directory)
        #expect(run.status == .usage)
        #expect(run.error == """
            statedbg: error: The predicate is not valid at column 11: expected a value after '<'.
            .balance <
                      ^

            """)
    }

    @Test func listsTheStepsThatChangedAPath() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("changes", "@w.jsonl", ".owner", in: directory)
        #expect(run.status == .success)
        #expect(run.output == """
            step 3 wallet.rename("jo"): "jenny" → "jo"
            .owner changed at 1 of steps 1 to 5.

            """)
    }

    @Test func minimizesToTheActionsThePredicateNeedsAndNeverOverwrites() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = CommandRun.statedbg("minimize", "@w.jsonl", ".paid.donald > 100", "-o", "@m.jsonl", in: directory)
        #expect(run.status == .success)
        #expect(run.output == """
            .paid.donald > 100 still holds with 3 of 5 actions (steps 1, 2, 4); 18 replays.
            wrote 3 steps to m.jsonl

            """)
        #expect(CommandRun.statedbg("log", "@m.jsonl", in: directory).output == """
                 1  wallet.deposit(5)
                 2  wallet.pay(to: "donald", amount: 10)
                 3  wallet.pay(to: "donald", amount: 95)

            """)
        let again = CommandRun.statedbg("minimize", "@w.jsonl", ".paid.donald > 100", "-o", "@m.jsonl", in: directory)
        #expect(again.status == .cannotCreate)
        #expect(again.error == "statedbg: error: m.jsonl: the file already exists; choose another name or pass --force to replace it.\n")
        let never = CommandRun.statedbg("minimize", "@w.jsonl", ".balance > 1000", "-o", "@n.jsonl", in: directory)
        #expect(never.status == .checkFailed)
        #expect(!FileManager.default.fileExists(atPath: directory.file("n.jsonl")))
    }
}
