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
        let session = try TerminalSession()
        let (directory, path, pty) = (session.directory, session.path, session.pty)

        let steps: [(prompt: String, keys: String)] = [
            ("(statedbg 0/5) ", "next 2\r"),
            ("(statedbg 2/5) ", "\u{1B}[A\r"),  // Up recalls "next 2"
            ("(statedbg 4/5) ", "state .pa\t\r"),  // Tab completes the path
            ("\"donald\": 105\r\n}\r\n(statedbg 4/5) ", "nxt\r"),
            // Ctrl-D only once the prompt is up: typed ahead, the line discipline would take it as end of input.
            ("did you mean 'next'?\r\n(statedbg 4/5) ", "\u{04}"),
        ]
        session.type(steps)
        if session.finished.wait(timeout: .now() + 10) == .timedOut {
            Issue.record("The REPL did not end on Ctrl-D; output so far: \(pty.transcript.debugDescription)")
            return
        }
        #expect(session.status.withLock { $0 } == .success)
        #expect(pty.transcript.contains("\(path): app wallet, steps 0 to 5; dispatch, verify, skip and minimize work. Type 'help' for the commands.\r\n"))
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

    /// As a person types: Enter repeats `next`, Ctrl-R finds an earlier command, and quitting with a
    /// branch never saved asks first, both after `quit` and after Ctrl-D.
    @Test func repeatsStepsSearchesHistoryAndAsksBeforeLeavingAnUnsavedBranch() throws {
        let session = try TerminalSession()
        let (directory, pty) = (session.directory, session.pty)

        let steps: [(prompt: String, keys: String)] = [
            ("(statedbg 0/5) ", "next\r"),
            ("(statedbg 1/5) ", "\r"),  // Enter repeats next
            ("(statedbg 2/5) ", "\u{12}ne"),  // Ctrl-R, then "ne"
            ("(reverse-i-search)`ne': next", "\r"),
            ("(statedbg 3/5) ", "\u{12}xyz"),
            ("(failed reverse-i-search)`xyz': ", "\u{07}"),  // Ctrl-G gives the empty line back
            ("(statedbg 3/5) \u{1B}[0K", #"dispatch {"deposit":{"_0":7}}\#r"#),
            ("(statedbg branch-1 4/4) ", "quit\r"),
            ("branch-1 (1 new step) is not saved (save FILE writes one). Quit anyway? (y or n) ", "n\r"),
            ("(statedbg branch-1 4/4) ", "\u{04}"),
            ("Quit anyway? (y or n) ", "y\r"),
        ]
        session.type(steps)
        if session.finished.wait(timeout: .now() + 10) == .timedOut {
            Issue.record("The REPL did not end after the confirmation; output so far: \(pty.transcript.debugDescription)")
            return
        }
        #expect(session.status.withLock { $0 } == .success)
        #expect(pty.transcript.contains("step 2  wallet.pay(to: \"donald\", amount: 10)\r\n"))
        #expect(pty.transcript.contains("step 3  wallet.rename(\"jo\")\r\n"))
        let historyPath = directory.path + "/statedbg/history"
        #expect(try String(contentsOfFile: historyPath, encoding: .utf8) == """
            next
            dispatch {"deposit":{"_0":7}}
            quit

            """, "neither an empty line nor the answers to the question join the history")
    }
}

/// `statedbg repl` on a wallet recording, running on its own thread with a pseudo-terminal for its
/// input and output, as a person at a terminal would have it. Unchecked Sendable: its thread only
/// writes `status` through its lock and signals `finished`.
private final class TerminalSession: @unchecked Sendable {
    let directory: TemporaryDirectory
    let path: String
    let pty: PseudoTerminal
    let status = Locked<TerminalKit.ExitStatus?>(nil)
    let finished = DispatchSemaphore(value: 0)

    init() throws {
        directory = try TemporaryDirectory()
        path = try WalletFixture.record(to: directory.file("w.jsonl"))
        pty = try PseudoTerminal()
        let (slave, path) = (pty.slave, path)
        let environment = ["XDG_STATE_HOME": directory.path, "TERM": "xterm", "NO_COLOR": "1"]
        Thread { [self] in
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
    }

    /// Waits for each expected output, then types its keys; stops at the first that never appears.
    func type(_ steps: [(prompt: String, keys: String)]) {
        for (expected, keys) in steps {
            guard pty.waitForOutput(containing: expected) else {
                Issue.record("Never saw \(expected.debugDescription); output so far: \(pty.transcript.debugDescription)")
                break
            }
            pty.send(keys)
        }
    }
}
