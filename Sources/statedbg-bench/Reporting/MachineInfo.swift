import Foundation

/// The machine a report was measured on, since every absolute figure depends on it.
struct MachineInfo: Sendable {
    var cores: Int
    var model: String
    var os: String

    /// Reads the processor from `/proc/cpuinfo` and the system from `/etc/os-release` where they exist.
    static func current() -> MachineInfo {
        let processInfo = ProcessInfo.processInfo
        let model = field("model name", in: "/proc/cpuinfo", separator: ":") ?? "unknown"
        let release = field("PRETTY_NAME", in: "/etc/os-release", separator: "=")
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        let kernel = processInfo.operatingSystemVersionString
        let os = release.map { "\($0) (\(kernel))" } ?? kernel
        return MachineInfo(cores: processInfo.activeProcessorCount, model: model, os: os)
    }

    private static func field(_ name: String, in path: String, separator: Character) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            guard let split = line.firstIndex(of: separator) else { continue }
            if line[..<split].trimmingCharacters(in: .whitespaces) == name {
                return line[line.index(after: split)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
