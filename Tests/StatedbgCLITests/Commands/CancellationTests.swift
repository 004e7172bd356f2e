import TestSupport
import StateDebugger
import StateSync
import Testing
@testable import StatedbgCLI
import TerminalKit

/// Ctrl-C reaches commands as `isCancelled`; these tests hand in a check that is already true.
@Suite struct CancellationTests {
    private func run(_ arguments: [String], in directory: TemporaryDirectory,
                     isCancelled: @escaping @Sendable () -> Bool = { true }) throws -> CommandRun {
        let out = MemorySink()
        let err = MemorySink()
        let terminal = Terminal(output: TextOutput(standardOutput: out, standardError: err))
        let context = CommandContext(terminal: terminal, registry: AppRegistry([WalletFixture.app()]),
                                     isCancelled: isCancelled, interrupt: nil)
        guard case .command(let parsed) = try CommandLineParser(root: Statedbg.command).parse(arguments) else {
            throw CommandFailure(.usage, "not a command")
        }
        let command = try #require(Statedbg.subcommands.first { $0.spec.name == parsed.commandPath.last })
        do {
            return CommandRun(status: try command.run(parsed, context), output: out.text, error: err.text)
        } catch {
            return CommandRun(status: error.status, output: out.text, error: error.message)
        }
    }

    @Test func interruptedCommandsEndWithStatus130AndSaySo() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let replay = try run(["replay", path], in: directory)
        #expect(replay.status == .interrupted)
        #expect(replay.output == "")
        #expect(replay.error == "Interrupted: the replay stopped before it finished.")
        let verify = try run(["replay", path, "--verify", "--quiet"], in: directory)
        #expect(verify.status == .interrupted)
        #expect(verify.error == "Interrupted: the replay stopped before it finished.")
        let bisect = try run(["bisect", path, ".balance < 50", "--linear"], in: directory)
        #expect(bisect.status == .interrupted)
    }

    @Test func interruptedRecordingKeepsAValidJournalOfTheStepsSoFar() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("r.jsonl")
        let polls = AtomicCell(0)
        let record = try run(["record", "wallet", "-o", path, "--steps", "1000000", "--fixed-clock"], in: directory,
                             isCancelled: { polls.add(1, ordering: .relaxed).newValue > 4 })
        #expect(record.status == .interrupted)
        #expect(record.output == "recorded 3 steps of wallet to \(path) (1 action rejected by validators)\n")
        #expect(record.error == "Interrupted: recording stopped after 3 of 1000000 steps; \(path) holds them and is complete.")
        let check = CommandRun.statedbg("check", "@r.jsonl", in: directory)
        #expect(check.status == .success)
        #expect(check.output == "r.jsonl: no problems in 3 steps.\n")
    }

    @Test func interruptedMinimizeSaysHowFarItGotInOneShortLine() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let minimize = try run(["minimize", path, ".balance < 100", "-o", directory.file("m.jsonl")], in: directory)
        #expect(minimize.status == .interrupted)
        #expect(minimize.output == "")
        #expect(minimize.error == "Interrupted after 0 replays: the smallest recording found so far has 5 of 5 actions; nothing was written.")
    }

    @Test func interruptedChangesKeepsTheResultsSoFarOnStandardOutput() throws {
        let directory = try TemporaryDirectory()
        let deposits = Array(repeating: WalletAction.deposit(1), count: 1100)
        let path = try WalletFixture.record(to: directory.file("long.jsonl"),
                                            actions: [.rename("jo")] + deposits + [.rename("jenny")] + deposits)
        let polls = AtomicCell(0)
        // Polled every 1,024 steps: the second poll, after step 2047, interrupts.
        let changes = try run(["changes", path, ".owner"], in: directory,
                              isCancelled: { polls.add(1, ordering: .relaxed).newValue > 1 })
        #expect(changes.status == .interrupted)
        #expect(changes.output == """
            step 1 wallet.rename("jo"): "jenny" → "jo"
            step 1102 wallet.rename("jenny"): "jo" → "jenny"

            """)
        #expect(changes.error == "Interrupted after step 2047 of steps 1 to 2202; .owner changed at 2 of them so far.")
    }

    @Test func interruptedBatchesStartNoMoreRecordingsAndSaySo() throws {
        let directory = try TemporaryDirectory()
        let a = try WalletFixture.record(to: directory.file("a.jsonl"))
        let b = try WalletFixture.record(to: directory.file("b.jsonl"))
        let verify = try run(["replay", "--verify", "-q", a, b], in: directory)
        #expect(verify.status == .interrupted)
        #expect(verify.output == "")
        #expect(verify.error == "Interrupted: 0 of 2 recordings were verified; the others were not.")
        let check = try run(["check", a, b, "--json"], in: directory)
        #expect(check.status == .interrupted)
        #expect(check.output == "")
        #expect(check.error == "Interrupted: 0 of 2 recordings were checked; the others were not.")
    }

    @Test func anInterruptedBatchPrintsTheRecordingsFinishedBeforeCtrlC() throws {
        final class Flag: Sendable {
            let raised = AtomicCell(false)
        }
        let ctrlC = Flag()
        let out = MemorySink()
        let context = CommandContext(terminal: Terminal(output: TextOutput(standardOutput: out, standardError: MemorySink())),
                                     registry: AppRegistry(), isCancelled: { ctrlC.raised.load(ordering: .acquiring) }, interrupt: nil)
        let batch = RecordingBatch(paths: ["1.jsonl", "2.jsonl", "3.jsonl", "4.jsonl"], jobs: 1, json: false, verb: "verified")
        #expect(throws: CommandFailure(.interrupted, "Interrupted: 2 of 4 recordings were verified; the others were not.")) {
            try batch.run(context) { path, context throws(CommandFailure) in
                // The second recording is where Ctrl-C comes; it still finishes, as a replay between
                // two polls does, and the third is never started.
                if path == "2.jsonl" { ctrlC.raised.store(true, ordering: .releasing) }
                context.output.print("\(path): verified")
                return .init(status: .success)
            }
        }
        #expect(out.text == "1.jsonl: verified\n2.jsonl: verified\n")
    }
}
