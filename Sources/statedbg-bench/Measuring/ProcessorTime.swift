#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processor time this process has used, on all its threads.
///
/// On a shared machine the wall clock also measures how long the benchmark waited for a core; the
/// processor time does not, so the recording scenario reports both.
enum ProcessorTime {
    /// Seconds of processor time used so far.
    static func now() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
