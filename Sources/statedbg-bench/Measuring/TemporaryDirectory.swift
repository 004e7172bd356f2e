import Foundation

/// A fresh directory for the journals a run writes, removed with everything in it by ``remove()``.
final class TemporaryDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        let path = "\(base)/statedbg-bench-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } catch {
            throw BenchmarkError.io("cannot create the temporary directory \(path): \(error.localizedDescription)")
        }
        self.path = path
    }

    /// A path inside the directory.
    func file(_ name: String) -> String {
        "\(path)/\(name)"
    }

    /// Deletes a file the run no longer needs, so a long run does not fill the disk.
    func delete(_ file: String) {
        try? FileManager.default.removeItem(atPath: file)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
