#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StateSync

/// The one piece of process-global state in TerminalKit, because a signal handler is a C function
/// that can capture nothing.
///
/// It holds exactly what the handler needs: a counter of interrupts (read by ``InterruptFlag``), whether
/// an ``InterruptFlag`` is listening, and the terminal settings to put back if a signal or `exit` ends the
/// process while ``RawMode`` is on. Everything the handler touches is either atomic or written before the handler
/// can run, and it only calls async-signal-safe functions (`tcsetattr`, `sigaction`, `raise`).
enum SignalRelay {
    /// Incremented on every SIGINT while an ``InterruptFlag`` listens.
    static let interrupts = AtomicCell<Int>(0)
    /// How many ``InterruptFlag``s are installed.
    static let listeners = AtomicCell<Int>(0)
    /// The descriptor in raw mode, or -1.
    static let rawDescriptor = AtomicCell<Int32>(-1)
    // Safe because it is written only while rawDescriptor is -1 and read by the handler only after rawDescriptor is
    // set, which orders the two.
    /// The settings to restore on `rawDescriptor`; written only while `rawDescriptor` is -1.
    nonisolated(unsafe) static var savedSettings = termios()

    /// Routes `signal` to this relay and returns the action it replaces.
    static func install(_ signal: Int32) -> sigaction {
        _ = interrupts.load(ordering: .relaxed)  // forces the statics' lazy initialisation out of the handler
        _ = listeners.load(ordering: .relaxed)
        _ = rawDescriptor.load(ordering: .relaxed)
        var action = action(calling: relayHandler)
        var previous = sigaction()
        sigaction(signal, &action, &previous)
        // A process inherits its parent's blocked signals: one started from a thread that blocks SIGINT
        // (a dispatch worker, as in a test runner or an IDE) would otherwise never see Ctrl-C.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, signal)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        return previous
    }

    /// Puts back an action returned by ``install(_:)``.
    static func restore(_ signal: Int32, _ previous: sigaction) {
        var previous = previous
        sigaction(signal, &previous, nil)
    }

    /// An action running `handler` with no signals masked and no flags; without `SA_RESTART`, so a blocking
    /// read returns `EINTR` and the caller can look at the flag.
    private static func action(calling handler: (@convention(c) (Int32) -> Void)?) -> sigaction {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        return action
    }

    /// Makes `exit` from any thread restore a terminal left in raw mode; registered once per process.
    static let exitHook: Void = {
        atexit { SignalRelay.restoreTerminal() }
    }()

    /// Puts back the settings of the descriptor in raw mode, if any.
    static func restoreTerminal() {
        let descriptor = rawDescriptor.exchange(-1, ordering: .acquiringAndReleasing)
        if descriptor >= 0 {
            tcsetattr(descriptor, TCSANOW, &savedSettings)
        }
    }

    /// Runs inside the signal handler.
    static func handle(_ signal: Int32) {
        if signal == SIGINT, listeners.load(ordering: .acquiring) > 0 {
            interrupts.add(1, ordering: .releasing)
            return
        }
        restoreTerminal()
        // Die of the signal as if no handler had been installed, so the parent sees the right status.
        var fallback = action(calling: SIG_DFL)
        sigaction(signal, &fallback, nil)
        raise(signal)
    }
}

private let relayHandler: @convention(c) (Int32) -> Void = { signal in
    SignalRelay.handle(signal)
}
