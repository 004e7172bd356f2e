#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal switched to raw mode (no echo, no line buffering, no signal keys), restored by ``restore()``.
///
/// While raw mode is on, SIGTERM, SIGHUP and SIGQUIT (and SIGINT when no ``InterruptFlag`` listens)
/// restore the settings before the process dies of them, and so does `exit` called from another thread,
/// so a killed REPL never leaves the shell without echo.
/// Output post-processing is off too: write `"\r\n"` to end a line. Switching either way keeps unread
/// input, so lines typed ahead or pasted in one go are not lost between two prompts.
///
/// ```swift
/// let raw = try RawMode(fileDescriptor: STDIN_FILENO)
/// defer { raw.restore() }
/// var byte: UInt8 = 0
/// _ = read(STDIN_FILENO, &byte, 1)   // returns after one key press
/// ```
package final class RawMode {
    private static let guardedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    private let fileDescriptor: Int32
    private var original: termios
    private var previousActions: [(Int32, sigaction)] = []
    private var isActive = true

    /// Switches `fileDescriptor` to raw mode.
    ///
    /// - Throws: ``TerminalError`` when it is not a terminal or the settings cannot be changed.
    package init(fileDescriptor: Int32) throws(TerminalError) {
        self.fileDescriptor = fileDescriptor
        var settings = termios()
        guard tcgetattr(fileDescriptor, &settings) == 0 else {
            throw .cannotReadSettings(fileDescriptor: fileDescriptor, reason: Self.reason())
        }
        original = settings
        settings.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        settings.c_oflag &= ~tcflag_t(OPOST)
        settings.c_cflag |= tcflag_t(CS8)
        settings.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        // Safe because VMIN and VTIME are valid indices of c_cc, and the view is used only inside the closure.
        withUnsafeMutableBytes(of: &settings.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        // Only one descriptor can be guarded at a time; a nested raw mode on another descriptor is not guarded.
        let guarded = SignalRelay.rawDescriptor.load(ordering: .acquiring) < 0
        if guarded {
            SignalRelay.exitHook
            SignalRelay.savedSettings = original
            SignalRelay.rawDescriptor.store(fileDescriptor, ordering: .releasing)
            previousActions = Self.guardedSignals.map { ($0, SignalRelay.install($0)) }
        }
        guard tcsetattr(fileDescriptor, TCSADRAIN, &settings) == 0 else {
            let reason = Self.reason()
            if guarded { releaseSignals() }
            isActive = false
            throw .cannotChangeSettings(fileDescriptor: fileDescriptor, reason: reason)
        }
    }

    /// Puts the original settings back; calling it again does nothing.
    package func restore() {
        guard isActive else { return }
        isActive = false
        tcsetattr(fileDescriptor, TCSADRAIN, &original)
        if !previousActions.isEmpty { releaseSignals() }
    }

    deinit {
        restore()
    }

    private func releaseSignals() {
        for (signal, action) in previousActions.reversed() {
            SignalRelay.restore(signal, action)
        }
        previousActions = []
        SignalRelay.rawDescriptor.store(-1, ordering: .releasing)
    }

    private static func reason() -> String {
        String(cString: strerror(errno))
    }
}
