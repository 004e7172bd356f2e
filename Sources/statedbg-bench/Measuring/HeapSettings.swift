#if canImport(Glibc)
import Glibc
#endif

/// Keeps the C heap warm for the whole run, so that a ratio does not depend on which scenario ran
/// before it.
///
/// By default glibc gives memory back to the system whenever more than 128 KiB is free at the top of
/// the heap, and serves blocks of 128 KiB or more with `mmap` (both thresholds then adapt). In a benchmark loop that builds and
/// frees a 70 KB document, whichever side allocates next may fault fresh pages in, depending on what
/// ran before: parsing the users with `JSONSerialization` took 2.2–2.5 ms on a warm heap and
/// 4.8–5.6 ms on one trimmed after each document, while the subject's time barely moved, so the
/// ratio swung by half. With trimming and the `mmap` threshold set out of reach, both sides run on
/// a heap that already has its pages, as in a long-running app. (The memory probes run in their own
/// processes, with the default settings.)
///
/// `mallopt` is looked up with `dlsym`, since the `Glibc` module does not export `malloc.h`.
enum HeapSettings {
    /// What ``keepWarm()`` did, for the report's header.
    static func keepWarm() -> String {
        #if canImport(Glibc)
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return "C heap: default settings (no mallopt)" }
        // Safe because dlsym found glibc's mallopt, whose C signature MallocOption spells.
        let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
        // M_TRIM_THRESHOLD is -1 and M_MMAP_THRESHOLD is -3 in glibc's malloc.h. Trimming has no
        // ceiling (1 GiB is out of reach); the mmap threshold's documented ceiling on 64-bit is 32 MiB.
        let trimming = mallopt(-1, 1 << 30) == 1 ? "trimming off" : "trimming on"
        let mapping = mallopt(-3, 32 << 20) == 1 ? "mmap from 32 MiB" : "mmap from 128 KiB"
        return "C heap: glibc \(trimming), \(mapping), for both sides"
        #else
        return "C heap: default settings"
        #endif
    }
}
