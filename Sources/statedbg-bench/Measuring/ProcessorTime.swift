#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processor time this process (or thread) has used.
///
/// On a shared machine the wall clock also measures how long the benchmark waited for a core; the
/// processor time does not, so the recording scenario reports both.
enum ProcessorTime {
    /// Seconds of processor time used so far by every thread of the process.
    static func now() -> Double {
        seconds(of: CLOCK_PROCESS_CPUTIME_ID)
    }

    /// Seconds of processor time used so far by the calling thread.
    static func thread() -> Double {
        seconds(of: CLOCK_THREAD_CPUTIME_ID)
    }

    private static func seconds(of clock: clockid_t) -> Double {
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
