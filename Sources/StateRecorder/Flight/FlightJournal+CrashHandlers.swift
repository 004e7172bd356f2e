internal import CCrashJournal
import Foundation
import StateJournal

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

extension FlightJournal {
    /// The signals a crash journal is written on, in the C side's order.
    static let signalNames = ["SIGILL", "SIGTRAP", "SIGSEGV", "SIGBUS", "SIGABRT", "SIGFPE"]

    /// Tells the C side where the journal goes and how its `crashed` line reads, then installs the
    /// handlers.
    func installCrashHandlers(path: String) throws {
        try configure(path: path)
        let status = ccrash_install(crash)
        guard status == 0 else {
            let reason = status == EBUSY
                ? "another recorder's crash handlers are installed; close that recorder first"
                : "the system refused (\(String(cString: strerror(status))))"
            throw RecorderError.crashHandlersNotInstalled(reason: reason)
        }
    }

    /// Sets the journal's path, the temporary name it is written under, and the `crashed` line's pieces.
    func configure(path: String) throws {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = "\(directory).\(name).crashing-\(getpid())"
        var head = ""
        let tails = Self.signalNames.enumerated().map { index, signal in
            let pieces = JournalEvent.crashedLinePieces(signal: signal, signalNumber: ccrash_signal_number(Int32(index)))
            head = pieces.head
            return strdup(pieces.tail)
        }
        defer { for tail in tails { free(tail) } }
        let unencoded = JournalEvent.markerLinePieces(name: JournalEvent.unencodedInFlightMarkerName)
        // Safe because the C side copies the strings during the call; they are freed after it.
        let status = tails.map { UnsafePointer($0) }.withUnsafeBufferPointer { pointers in
            ccrash_configure(crash, path, temporary, head, pointers.baseAddress, unencoded.head, unencoded.tail)
        }
        guard status == 0 else { throw RecorderError.crashHandlersNotInstalled(reason: "the path \(path) is too long") }
    }

    /// Restores the handlers installed before this journal's, when its are installed.
    func uninstallCrashHandlers() {
        ccrash_uninstall(crash)
    }

    /// Gives the calling thread an alternate signal stack, unless it has one.
    static func installAlternateSignalStack() throws {
        let status = ccrash_use_alternate_stack()
        guard status == 0 else {
            throw RecorderError.crashHandlersNotInstalled(reason: "the thread got no alternate signal stack (\(String(cString: strerror(status))))")
        }
    }

    /// Writes the journal as the signal handler would for `signal` (0: no `crashed` line), from this
    /// thread: for tests of what a crash writes. Returns 0 or errno.
    func writeAsOnCrash(signal: Int32, path: String, waitingMilliseconds: Int32 = 2000) throws -> Int32 {
        try configure(path: path)
        return ccrash_write(crash, signal, waitingMilliseconds)
    }

    /// The marker the handler writes in place of an action in flight whose line was not made in time,
    /// after step `after` at `time`, once configured.
    func unencodedLine(after: Int, time: Int64) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 512)
        // Safe because the C side writes at most the count given, into the array's storage.
        let count = bytes.withUnsafeMutableBytes {
            ccrash_format_unencoded_line(crash, Int64(after), time, $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count)
        }
        return Array(bytes.prefix(count))
    }

    /// The `crashed` line the handler writes for `signal` after step `after` at `time`, once configured.
    func crashedLine(signal: Int32, after: Int, time: Int64) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 512)
        // Safe because the C side writes at most the count given, into the array's storage.
        let count = bytes.withUnsafeMutableBytes {
            ccrash_format_crashed_line(crash, signal, Int64(after), time, $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count)
        }
        return Array(bytes.prefix(count))
    }
}
