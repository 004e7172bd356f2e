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
import TerminalKit

/// Tests that change process-wide state (signal actions, terminal modes) and so must not overlap, with
/// each other or with other targets' tests that do.
@Suite(.serialized, .exclusiveProcessSignals) struct ProcessSignalTests {
    @Test func interruptFlagCatchesSigintUntilUninstalled() {
        let before = Self.currentHandler(SIGINT)
        let flag = InterruptFlag.install()
        #expect(Self.currentHandler(SIGINT) != before)
        #expect(!flag.isCancelled)
        Self.raiseUnblocked(SIGINT)
        let check = flag.isCancelledCheck
        #expect(flag.isCancelled)
        #expect(check())
        flag.reset()
        #expect(!flag.isCancelled)
        flag.uninstall()
        #expect(Self.currentHandler(SIGINT) == before)
    }

    /// Drives a LineEditor on the slave side of a real pseudo-terminal, typing on the master side.
    @Test func editsRecallsCompletesAndInterruptsOnAPseudoTerminal() throws {
        let terminal = try PseudoTerminal()
        let editor = terminal.startEditor { line, cursor in
            let word = line.prefix(cursor).split(separator: " ").last.map(String.init) ?? ""
            return ["show", "next", "network"].filter { $0.hasPrefix(word) }
        }

        let left = "\u{1B}[D"
        let keystrokes: [(prompt: Int, keys: String)] = [
            (0, "nxt\(left)\(left)e\u{1B}[F\r"),  // typed, cursor moved, corrected, End
            (1, "\u{1B}[A\r"),  // history recall
            (2, "sh\t.users\r"),  // single completion
            (3, "ne\tx\t\r"),  // no longer common prefix: a list; then a unique match
            (4, "abc\u{03}"),  // Ctrl-C abandons the line
            (5, "xy\u{01}\u{04}\r"),  // Ctrl-A, Ctrl-D deletes under the cursor
            (6, "first\rsecond\r"),  // two lines pasted at once
            (8, "\u{04}"),  // Ctrl-D on an empty line ends input
        ]
        for (prompt, keys) in keystrokes {
            guard terminal.waitForOutput(containing: "[\(prompt)]> ") else {
                Issue.record("The editor never showed prompt \(prompt); output so far: \(terminal.transcript.debugDescription)")
                break
            }
            terminal.send(keys)
        }
        let results = terminal.wait(for: editor)
        #expect(results == [
            .line("next"), .line("next"), .line("show .users"), .line("next "), .interrupted, .line("y"),
            .line("first"), .line("second"), .endOfFile,
        ])
        #expect(terminal.transcript.contains("\r[0]> next\u{1B}[0K"))
        #expect(terminal.transcript.contains("\r\nnext     network\r\n\r[3]> ne\u{1B}[0K\r\u{1B}[7C"))
        #expect(terminal.transcript.contains("^C\r\n[5]> "))

        var settings = termios()
        #expect(tcgetattr(terminal.slave, &settings) == 0)
        #expect(settings.c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON))
    }

    /// Raises `signal` on this thread with it unblocked, since test runners may run tests on threads that
    /// block it; the handler has run by the time `raise` returns.
    @Test func scrollsALineWiderThanTheWindowToKeepTheCursorVisible() throws {
        let terminal = try PseudoTerminal(columns: 20)
        let editor = terminal.startEditor()

        let alphabet = "abcdefghijklmnopqrstuvwxy"
        for (index, keys) in [alphabet + "\r", alphabet + "\u{1B}[H\r"].enumerated() {
            guard terminal.waitForOutput(containing: "[\(index)]> ") else {
                Issue.record("No prompt \(index); output so far: \(terminal.transcript.debugDescription)")
                break
            }
            terminal.send(keys)
        }
        terminal.send("\u{04}")
        #expect(terminal.wait(for: editor) == [.line(alphabet), .line(alphabet), .endOfFile])
        // 20 columns minus the prompt and one spare column leave 14 for the line.
        #expect(terminal.transcript.contains("\r[0]> lmnopqrstuvwxy\u{1B}[0K\r\u{1B}[19C\r\n"))
        #expect(terminal.transcript.contains("\r[1]> abcdefghijklmn\u{1B}[0K\r\u{1B}[5C\r\n"))
    }

    /// A completion from a recording may hold a right-to-left override: the line is drawn with it escaped
    /// (never raw), the cursor placed after the escape's columns, and the line read keeps the character.
    @Test func drawsARecordedControlInTheLineEscapedAndPlacesTheCursorAfterIt() throws {
        let terminal = try PseudoTerminal()
        let editor = terminal.startEditor { _, _ in ["show .a\u{202E}b"] }
        guard terminal.waitForOutput(containing: "[0]> ") else {
            Issue.record("No prompt; output so far: \(terminal.transcript.debugDescription)")
            return
        }
        terminal.send("s\t\r")
        if terminal.waitForOutput(containing: "[1]> ") { terminal.send("\u{04}") }
        #expect(terminal.wait(for: editor) == [.line("show .a\u{202E}b "), .endOfFile])
        #expect(!terminal.transcript.contains("\u{202E}"))
        // "[0]> " is 5 columns and "show .a\u202Eb " (a unique completion ends in a space) 15: the cursor
        // goes to column 20.
        #expect(terminal.transcript.contains("\r[0]> show .a\\u202Eb \u{1B}[0K\r\u{1B}[20C"))
    }

    @Test func keepsALineTypedBeforeThePromptAppeared() throws {
        let terminal = try PseudoTerminal()
        terminal.send("typed ahead\r")
        // Make sure the line has reached the slave's input queue before the editor switches modes.
        var slave = pollfd(fd: terminal.slave, events: Int16(POLLIN), revents: 0)
        try #require(poll(&slave, 1, 10_000) == 1)
        let editor = terminal.startEditor()
        if terminal.waitForOutput(containing: "[1]> ") {
            terminal.send("\u{04}")
        } else {
            Issue.record("The typed-ahead line was lost; output so far: \(terminal.transcript.debugDescription)")
        }
        #expect(terminal.wait(for: editor) == [.line("typed ahead"), .endOfFile])
    }

    private static func raiseUnblocked(_ signal: Int32) {
        var unblock = sigset_t()
        var previous = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, signal)
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previous)
        raise(signal)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    private static func currentHandler(_ signal: Int32) -> UInt {
        var action = sigaction()
        sigaction(signal, nil, &action)
        #if canImport(Glibc)
        return withUnsafeBytes(of: action.__sigaction_handler) { $0.load(as: UInt.self) }
        #else
        return withUnsafeBytes(of: action.__sigaction_u) { $0.load(as: UInt.self) }
        #endif
    }
}
