#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on the size of the files it writes (`ulimit -f`, `RLIMIT_FSIZE`).
///
/// A `write` that would start at or past the limit does not just fail: the kernel also sends the
/// process `SIGXFSZ`, whose default action ends it, an app and its recorder with it. Changing that
/// signal's disposition would change it for the whole app, behind its back; instead a writer asks how
/// much room is left before it writes, and writes only what fits, so the write that would raise the
/// signal is never made.
package enum FileSizeLimit {
    /// How many bytes may still be written to a file whose end is at `offset`, or `nil` when the
    /// process has no limit (or it cannot be read).
    package static func room(after offset: Int64) -> Int64? {
        var limit = rlimit()
        // Glibc declares the resources in an enum; Musl, Bionic and Apple's headers as plain constants.
        #if canImport(Glibc)
        guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0 else { return nil }
        #else
        guard getrlimit(Int32(RLIMIT_FSIZE), &limit) == 0 else { return nil }
        #endif
        // RLIM_INFINITY is all ones on Linux and 2^63 - 1 on Apple platforms: no file reaches either.
        guard limit.rlim_cur < rlim_t(Int64.max) else { return nil }
        return max(0, Int64(limit.rlim_cur) - offset)
    }

    // Safe because the bytes are only read, within their count, during the call.
    /// How many of `bytes` to write to a file whose end is at `offset` so that the file keeps within
    /// the limit and ends after a whole line: all of them when they fit, else up to the last line feed
    /// that does; `nil` when they all fit.
    package static func wholeLinesThatFit(_ bytes: UnsafeRawBufferPointer, after offset: Int64) -> Int? {
        guard let room = room(after: offset), room < Int64(bytes.count) else { return nil }
        var end = Int(room)
        while end > 0, bytes[end - 1] != 0x0A { end -= 1 }
        return end
    }
}
