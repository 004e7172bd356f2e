import Foundation

/// The process's memory as Linux reports it in `/proc/self/status`.
struct MemoryStatus: Sendable {
    /// Resident memory now (`VmRSS`), in bytes.
    var resident: Int
    /// The resident high-water mark (`VmHWM`), in bytes.
    var peakResident: Int

    /// The current figures; `nil` where `/proc` does not exist.
    static func current() -> MemoryStatus? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        var resident: Int?
        var peak: Int?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("VmRSS:") { resident = kilobytes(line) }
            if line.hasPrefix("VmHWM:") { peak = kilobytes(line) }
        }
        guard let resident, let peak else { return nil }
        return MemoryStatus(resident: resident * 1024, peakResident: peak * 1024)
    }

    /// `VmRSS:     1234 kB` → 1234.
    private static func kilobytes(_ line: Substring) -> Int? {
        line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
    }
}
