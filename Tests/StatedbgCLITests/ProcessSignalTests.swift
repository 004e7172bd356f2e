#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import Synchronization
import Testing
import StatedbgCLI

/// Tests that change process-wide state (signal actions, terminal modes) and so must not overlap.
@Suite(.serialized) struct ProcessSignalTests {
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
        let results = Mutex<[LineEditor.Result]>([])
        let finished = DispatchSemaphore(value: 0)
        let slave = terminal.slave
        Thread {
            let editor = LineEditor(input: slave, output: slave) { line, cursor in
                let word = line.prefix(cursor).split(separator: " ").last.map(String.init) ?? ""
                return ["show", "next", "network"].filter { $0.hasPrefix(word) }
            }
            var index = 0
            while true {
                let result = editor.readLine(prompt: "[\(index)]> ")
                results.withLock { $0.append(result) }
                if result == .endOfFile { break }
                index += 1
            }
            finished.signal()
        }.start()

        let left = "\u{1B}[D"
        let keystrokes = [
            "nxt\(left)\(left)e\u{1B}[F\r",  // typed, cursor moved, corrected, End
            "\u{1B}[A\r",  // history recall
            "sh\t.users\r",  // single completion
            "ne\tx\t\r",  // no longer common prefix: a list; then a unique match
            "abc\u{03}",  // Ctrl-C abandons the line
            "xy\u{01}\u{04}\r",  // Ctrl-A, Ctrl-D deletes under the cursor
            "\u{04}",  // Ctrl-D on an empty line ends input
        ]
        for (index, keys) in keystrokes.enumerated() {
            guard terminal.waitForOutput(containing: "[\(index)]> ") else {
                Issue.record("The editor never showed prompt \(index); output so far: \(terminal.transcript.debugDescription)")
                break
            }
            terminal.send(keys)
        }
        terminal.waitForEditor(finished)

        #expect(results.withLock { $0 } == [
            .line("next"), .line("next"), .line("show .users"), .line("next "), .interrupted, .line("y"), .endOfFile,
        ])
        #expect(terminal.transcript.contains("\r[0]> next\u{1B}[0K"))
        #expect(terminal.transcript.contains("\r\nnext     network\r\n\r[3]> ne\u{1B}[0K\r\u{1B}[7C"))
        #expect(terminal.transcript.contains("^C\r\n[5]> "))

        var settings = termios()
        #expect(tcgetattr(slave, &settings) == 0)
        #expect(settings.c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON))
    }

    /// Raises `signal` on this thread with it unblocked, since test runners may run tests on threads that
    /// block it; the handler has run by the time `raise` returns.
    @Test func scrollsALineWiderThanTheWindowToKeepTheCursorVisible() throws {
        let terminal = try PseudoTerminal(columns: 20)
        let results = Mutex<[LineEditor.Result]>([])
        let finished = DispatchSemaphore(value: 0)
        let slave = terminal.slave
        Thread {
            let editor = LineEditor(input: slave, output: slave)
            for _ in 0..<2 {
                let result = editor.readLine(prompt: "> ")
                results.withLock { $0.append(result) }
            }
            finished.signal()
        }.start()

        let alphabet = "abcdefghijklmnopqrstuvwxy"
        // The second prompt is the only "> " that follows a line break.
        for (index, keys) in [alphabet + "\r", alphabet + "\u{1B}[H\r"].enumerated() {
            guard terminal.waitForOutput(containing: index == 0 ? "> " : "\r\n> ") else {
                Issue.record("No prompt \(index); output so far: \(terminal.transcript.debugDescription)")
                break
            }
            terminal.send(keys)
        }
        terminal.waitForEditor(finished)

        #expect(results.withLock { $0 } == [.line(alphabet), .line(alphabet)])
        // 20 columns minus the prompt and one spare column leave 17 for the line.
        #expect(terminal.transcript.contains("\r> ijklmnopqrstuvwxy\u{1B}[0K\r\u{1B}[19C\r\n"))
        #expect(terminal.transcript.contains("\r> abcdefghijklmnopq\u{1B}[0K\r\u{1B}[2C\r\n"))
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

/// A master/slave pseudo-terminal pair, with a transcript of what the slave side wrote.
final class PseudoTerminal: @unchecked Sendable {
    enum Failure: Error {
        case cannotOpen(String)
    }

    let master: Int32
    let slave: Int32
    private(set) var transcript = ""
    private var isMasterOpen = true

    init(columns: UInt16 = 80) throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0, let name = Self.unlockSlave(of: master) else { throw Failure.cannotOpen("/dev/ptmx") }
        slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failure.cannotOpen(name) }
        var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Unlocks the slave and returns its path: `grantpt`/`unlockpt`/`ptsname`, which Glibc's Swift
    /// module does not export, done with the ioctls they wrap.
    private static func unlockSlave(of master: Int32) -> String? {
        #if canImport(Glibc)
        let setLock: UInt = 0x4004_5431  // TIOCSPTLCK, _IOW('T', 0x31, int)
        let getNumber: UInt = 0x8004_5430  // TIOCGPTN, _IOR('T', 0x30, unsigned int)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else { return nil }
        return "/dev/pts/\(number)"
        #else
        guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else { return nil }
        return String(cString: name)
        #endif
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads the master side until `text` appears. The generous poll limit only stops a broken editor from
    /// hanging the test run; no assertion depends on timing.
    func waitForOutput(containing text: String) -> Bool {
        while !transcript.contains(text) {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 10_000) > 0 else { return false }
            var bytes = [UInt8](repeating: 0, count: 1024)
            let count = read(master, &bytes, bytes.count)
            guard count > 0 else { return false }
            transcript += String(decoding: bytes[..<count], as: UTF8.self)
        }
        return true
    }

    /// Waits for the editor thread and collects its last output. If the thread is stuck, hangs up the
    /// master so its read fails and it ends.
    func waitForEditor(_ finished: DispatchSemaphore) {
        if finished.wait(timeout: .now() + 10) == .timedOut {
            close(master)
            isMasterOpen = false
            finished.wait()
        } else {
            drain()
        }
    }

    private func drain() {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, 0) > 0 {
            var bytes = [UInt8](repeating: 0, count: 1024)
            let count = read(master, &bytes, bytes.count)
            guard count > 0 else { return }
            transcript += String(decoding: bytes[..<count], as: UTF8.self)
        }
    }

    deinit {
        if isMasterOpen { close(master) }
        close(slave)
    }
}
