import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it when the
/// value goes away. Shared by the test targets.
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// let path = try directory.write("hello\n", to: "greeting.txt")
/// ```
public final class TemporaryDirectory {
    /// The directory's path.
    public let path: String

    /// Creates the directory.
    public init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("statedbg-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the directory (which need not exist).
    public func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Writes `text` as UTF-8 to `name` and returns its path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        try writeBytes(Array(text.utf8), to: name)
    }

    /// Writes `text` to `name` and returns its path (the argument order the command tests read best in).
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(text, to: name)
    }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    public func writeBytes(_ bytes: [UInt8], to name: String) throws -> String {
        let target = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// Creates the folder `name` inside the directory and returns its path.
    @discardableResult
    public func createFolder(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: file(name), withIntermediateDirectories: true)
        return file(name)
    }
}
