#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StateSync

/// Turns Ctrl-C during a long command into a flag the command polls, instead of killing the process.
///
/// Installing it routes SIGINT through `sigaction`; ``uninstall()`` puts the previous action back.
/// The engine receives ``isCancelledCheck`` and stops at its next step boundary when it returns `true`.
///
/// ```swift
/// let interrupt = InterruptFlag.install()
/// defer { interrupt.uninstall() }
/// for step in 0..<timeline.count {
///     if interrupt.isCancelled { output.printError("Interrupted at step \(step)."); break }
///     try replay(step)
/// }
/// ```
package final class InterruptFlag: Sendable {
    private let baseline: AtomicCell<Int>
    private let previous: Locked<sigaction?>

    private init(previous: sigaction) {
        baseline = AtomicCell(SignalRelay.interrupts.load(ordering: .acquiring))
        self.previous = Locked(previous)
    }

    /// Starts catching SIGINT.
    package static func install() -> InterruptFlag {
        SignalRelay.listeners.add(1, ordering: .releasing)
        return InterruptFlag(previous: SignalRelay.install(SIGINT))
    }

    /// Whether Ctrl-C was pressed since ``install()`` or the last ``reset()``.
    package var isCancelled: Bool {
        SignalRelay.interrupts.load(ordering: .acquiring) != baseline.load(ordering: .acquiring)
    }

    /// A closure answering ``isCancelled``, to hand to code that must not know about signals.
    package var isCancelledCheck: @Sendable () -> Bool {
        { [self] in isCancelled }
    }

    /// Forgets interrupts so far, e.g. before the next REPL command.
    package func reset() {
        baseline.store(SignalRelay.interrupts.load(ordering: .acquiring), ordering: .releasing)
    }

    /// Stops catching SIGINT and restores the previous action; calling it again does nothing.
    package func uninstall() {
        previous.withLock { previous in
            guard let action = previous else { return }
            SignalRelay.restore(SIGINT, action)
            SignalRelay.listeners.subtract(1, ordering: .releasing)
            previous = nil
        }
    }

    deinit {
        uninstall()
    }
}
