#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import StateSync
import TestSupport
import Testing
import StatedbgCLI
import TerminalKit

/// The REPL on a real pseudo-terminal. Raw mode changes process-wide signal actions, so this suite must
/// not overlap TerminalKit's tests that inspect them.
@Suite(.serialized, .exclusiveProcessSignals) struct ReplTerminalTests {
    @Test func promptsRecallsHistoryAndCompletesStatePathsAtATerminal() throws {
        let directory = try TemporaryDirectory()
        let path = try WalletFixture.record(to: directory.file("w.jsonl"))
        let pty = try PseudoTerminal()
        let slave = pty.slave
        let environment = ["XDG_STATE_HOME": directory.path, "TERM": "xterm", "NO_COLOR": "1"]
        let status = Locked<TerminalKit.ExitStatus?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            let terminal = Terminal(
                inputDescriptor: slave, outputDescriptor: slave,
                output: TextOutput(standardOutput: FileDescriptorSink(fileDescriptor: slave),
                                   standardError: FileDescriptorSink(fileDescriptor: slave, buffering: FileDescriptorSink.Buffering.none)),
                isInputInteractive: true, isOutputInteractive: true, environment: environment)
            let result = Statedbg.main(arguments: ["statedbg", "repl", path], apps: [WalletFixture.app()],
                                       terminal: terminal, catchesInterrupts: false)
            status.withLock { $0 = result }
            finished.signal()
        }.start()

        let steps: [(prompt: String, keys: String)] = [
            ("(statedbg 0/5) ", "next 2\r"),
            ("(statedbg 2/5) ", "\u{1B}[A\r"),  // Up recalls "next 2"
            ("(statedbg 4/5) ", "state .pa\t\r"),  // Tab completes the path
            ("\"donald\": 105\r\n}\r\n(statedbg 4/5) ", "nxt\r"),
            // Ctrl-D only once the prompt is up: typed ahead, the line discipline would take it as end of input.
            ("did you mean 'next'?\r\n(statedbg 4/5) ", "\u{04}"),
        ]
        for (expected, keys) in steps {
            guard pty.waitForOutput(containing: expected) else {
                Issue.record("Never saw \(expected.debugDescription); output so far: \(pty.transcript.debugDescription)")
                break
            }
            pty.send(keys)
        }
        if finished.wait(timeout: .now() + 10) == .timedOut {
            Issue.record("The REPL did not end on Ctrl-D; output so far: \(pty.transcript.debugDescription)")
            return
        }
        #expect(status.withLock { $0 } == .success)
        #expect(pty.transcript.contains("\(path): app wallet, steps 0 to 5; reducer mode: dispatch and replay --verify work. Type 'help' for the commands.\r\n"))
        #expect(pty.transcript.contains("\r(statedbg 2/5) next 2\u{1B}[0K"))
        #expect(pty.transcript.contains("step 4  wallet.pay(to: \"donald\", amount: 95)\r\n"))
        #expect(pty.transcript.contains("\r(statedbg 4/5) state .paid \u{1B}[0K"))
        #expect(pty.transcript.contains("{\r\n  \"donald\": 105\r\n}\r\n"))
        #expect(pty.transcript.contains("error: unknown command 'nxt'; did you mean 'next'?\r\n"))

        let historyPath = directory.path + "/statedbg/history"
        #expect(try String(contentsOfFile: historyPath, encoding: .utf8) == "next 2\nstate .paid \nnxt\n")
        var info = stat()
        #expect(stat(historyPath, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }
}
