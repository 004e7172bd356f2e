import Foundation
@testable import StateJournal
import Testing

@Suite struct CRC32CDetectionTests {
    /// The processor features the kernel lists (`flags` on x86-64, `Features` on arm64).
    private static func kernelFeatures() throws -> Set<Substring>? {
        #if os(Linux)
        let info = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        guard let line = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") || $0.hasPrefix("Features") }),
              let colon = line.firstIndex(of: ":") else { return nil }
        return Set(line[line.index(after: colon)...].split(separator: " "))
        #else
        return nil
        #endif
    }

    @Test(.enabled(if: (try? kernelFeatures()) != nil))
    func theInstructionCheckAgreesWithTheKernel() throws {
        // The x86-64 check asks CPUID itself, as it must on Apple's toolchain (which does not link
        // `__builtin_cpu_supports`); the kernel read the same bit when it booted.
        let features = try #require(try Self.kernelFeatures())
        #if arch(x86_64)
        #expect(CRC32C.isHardwareAccelerated == features.contains("sse4_2"))
        #elseif arch(arm64)
        #expect(CRC32C.isHardwareAccelerated == features.contains("crc32"))
        #endif
    }
}
