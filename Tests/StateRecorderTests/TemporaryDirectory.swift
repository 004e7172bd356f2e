import Foundation

/// A fresh directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/statedbg-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ text: String, to name: String) throws -> String {
        let target = file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
        return target
    }

    func writeBytes(_ bytes: [UInt8], to name: String) throws -> String {
        let target = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
