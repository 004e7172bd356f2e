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
        let kernel = kernelName()
        let os = [release, kernel].compactMap { $0 }.joined(separator: ", ")
        return MachineInfo(cores: processInfo.activeProcessorCount, model: model,
                           os: os.isEmpty ? processInfo.operatingSystemVersionString : os)
    }

    /// `Linux 6.1.0-18-amd64`, from `uname`.
    private static func kernelName() -> String? {
        var names = utsname()
        guard uname(&names) == 0 else { return nil }
        func text<T>(_ field: T) -> String {
            // Safe because the bytes of a fixed-size C array are read only inside the closure, up to its first NUL.
            withUnsafeBytes(of: field) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(text(names.sysname)) \(text(names.release))"
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
