import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Whether a debugger (lldb, gdb, Xcode) traces this process, and the trap that stops it there.
///
/// A trap raised with no debugger attached ends the process with SIGTRAP, so every trap is asked for
/// through ``trapIfAttached()``, which raises it only when one is.
///
/// ```swift
/// if AttachedDebugger.trapIfAttached() { … the debugger stopped here and was continued … }
/// ```
package enum AttachedDebugger {
    /// Whether a debugger traces this process now: on Linux the `TracerPid` of `/proc/self/status` is
    /// not 0; on Darwin the kernel's process info has `P_TRACED` set. `false` where neither can be asked.
    package static var isAttached: Bool {
        #if os(Linux) || os(Android)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return false }
        for line in status.split(separator: "\n") where line.hasPrefix("TracerPid:") {
            let pid = line.dropFirst("TracerPid:".count).trimmingCharacters(in: .whitespaces)
            return pid != "0" && !pid.isEmpty
        }
        return false
        #elseif canImport(Darwin)
        var info = kinfo_proc()
        var request: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, getpid()]
        var size = MemoryLayout<kinfo_proc>.stride
        guard sysctl(&request, UInt32(request.count), &info, &size, nil, 0) == 0 else { return false }
        return info.kp_proc.p_flag & P_TRACED != 0
        #else
        return false
        #endif
    }

    /// Raises SIGTRAP on the calling thread when a debugger is attached, so that it stops here with this
    /// thread's stack; returns whether it did. Without a debugger nothing happens: the signal would end
    /// the process.
    @discardableResult
    package static func trapIfAttached() -> Bool {
        guard isAttached else { return false }
        // The debugger stops the thread that raised it; `continue` goes on as if nothing happened.
        raise(SIGTRAP)
        return true
    }
}
