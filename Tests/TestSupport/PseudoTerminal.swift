#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A master/slave pseudo-terminal pair, with a transcript of what the slave side wrote. Shared by the
/// tests that drive the line editor and the REPL as a person at a terminal would.
///
/// ```swift
/// let terminal = try PseudoTerminal(columns: 40)
/// // … run something that reads and writes `terminal.slave` …
/// terminal.send("next 2\r")
/// #expect(terminal.waitForOutput(containing: "(statedbg 2/5) "))
/// ```
public final class PseudoTerminal: @unchecked Sendable {
    /// Opening the pair failed.
    public enum Failure: Error {
        /// The device at this path could not be opened.
        case cannotOpen(String)
    }

    /// The side a test types on and reads the screen from.
    public let master: Int32
    /// The side the program under test uses as its terminal.
    public let slave: Int32
    /// Everything read from the master side so far.
    public private(set) var transcript = ""
    private var isMasterOpen = true

    /// Opens a pair whose window is `columns` wide and 24 rows high.
    public init(columns: UInt16 = 80) throws {
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

    /// Types `text` on the master side.
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads the master side until `text` appears. The generous poll limit only stops a broken program from
    /// hanging the test run; no assertion depends on timing.
    public func waitForOutput(containing text: String) -> Bool {
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

    /// Adds to ``transcript`` whatever the slave side wrote that has not been read yet, without waiting.
    public func drain() {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, 0) > 0 {
            var bytes = [UInt8](repeating: 0, count: 1024)
            let count = read(master, &bytes, bytes.count)
            guard count > 0 else { return }
            transcript += String(decoding: bytes[..<count], as: UTF8.self)
        }
    }

    /// Closes the master side, so a program stuck reading the slave gets an error and can end.
    public func hangUp() {
        guard isMasterOpen else { return }
        close(master)
        isMasterOpen = false
    }

    deinit {
        if isMasterOpen { close(master) }
        close(slave)
    }
}
