#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The names of the signals a process can die of, as crash journals and `statedbg replay --verify`
/// write them: `SIGILL`, not 4, since the numbers differ between platforms (SIGBUS is 7 on Linux, 10
/// on Darwin).
package enum SignalName {
    private static let known: [(Int32, String)] = [
        (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"), (SIGABRT, "SIGABRT"), (SIGBUS, "SIGBUS"), (SIGFPE, "SIGFPE"),
        (SIGSEGV, "SIGSEGV"), (SIGKILL, "SIGKILL"), (SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"),
        (SIGHUP, "SIGHUP"), (SIGPIPE, "SIGPIPE"), (SIGSYS, "SIGSYS"), (SIGXCPU, "SIGXCPU"), (SIGXFSZ, "SIGXFSZ"),
    ]

    /// `SIGILL` for 4 on Linux; `signal 42` for a number without a name here.
    package static func name(of signal: Int32) -> String {
        known.first { $0.0 == signal }?.1 ?? "signal \(signal)"
    }
}
