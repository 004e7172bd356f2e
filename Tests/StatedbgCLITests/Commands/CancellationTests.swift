import TestSupport
import StateDebugger
import Testing
@testable import StatedbgCLI

/// Ctrl-C reaches commands as `isCancelled`; these tests hand in a check that is already true.
@Suite struct CancellationTests {
    private func run(_ arguments: [String], in directory: TemporaryDirectory) throws -> CommandRun {
        let out = MemorySink()
        let err = MemorySink()
        let terminal = Terminal(output: TextOutput(standardOutput: out, standardError: err))
        let context = CommandContext(terminal: terminal, registry: AppRegistry([WalletFixture.app()]),
                                     isCancelled: { true }, interrupt: nil)
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
}
