import TestSupport
import Foundation
import Testing
import StatedbgCLI
import TerminalKit

@Suite struct OutputErrorTests {
    /// Runs `statedbg ARGUMENTS` with standard output going to /dev/full, where every write fails with ENOSPC.
    private func runToFullDevice(_ arguments: [String], in directory: TemporaryDirectory) throws -> (status: TerminalKit.ExitStatus, error: String) {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let err = MemorySink()
        let terminal = Terminal(output: TextOutput(standardOutput: FileDescriptorSink(fileDescriptor: descriptor, buffering: .full),
                                                   standardError: err), environment: [:])
        let status = Statedbg.main(arguments: ["statedbg"] + arguments, apps: [WalletFixture.app()], terminal: terminal,
                                   catchesInterrupts: false)
        return (status, err.text)
    }

    @Test(arguments: [["replay", "w.jsonl"], ["replay", "w.jsonl", "--json"], ["log", "w.jsonl"], ["show", "w.jsonl"],
                      ["check", "w.jsonl"], ["diff", "w.jsonl", "1", "2"], ["examples"], ["--help"],
                      ["repl", "w.jsonl", "-c", "next; next; next"]])
    func aFullDeviceEndsTheCommandWithOneMessageAndStatus74(arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"))
        let run = try runToFullDevice(arguments.map { $0 == "w.jsonl" ? directory.file($0) : $0 }, in: directory)
        #expect(run.status == .ioError)
        #expect(run.error == "statedbg: error: cannot write to standard output: no space left on device.\n")
    }

    @Test func controlCharactersFromRecordingsAndInputAreEscaped() throws {
        let directory = try TemporaryDirectory()
        try WalletFixture.record(to: directory.file("w.jsonl"), actions: [.rename("\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{7F}\u{9B}x")], markerAfter: nil)
        let log = CommandRun.statedbg("log", "@w.jsonl", in: directory)
        #expect(log.output == #"""
                 1  wallet.rename("\u001B]0;PWNED\u0007\u001B[2J\u007F\u009Bx")

            """#)
        let show = CommandRun.statedbg("show", "@w.jsonl", "--path", ".owner", in: directory)
        #expect(show.output == #"""
            "\u001b]0;PWNED\u0007\u001b[2J\u007f\u009bx"

            """#)
        let repl = CommandRun.statedbg("repl", "@w.jsonl", "-c", "\u{1B}[2Jfoo", in: directory)
        #expect(repl.error == #"""
            statedbg: error: command 1: unknown command '\u001B[2Jfoo'; type 'help' for the commands.

            """#)
    }
}
