import Foundation
import StateDebugger

/// Where a recording named in a test lives, whatever the working directory of the test run.
///
/// Xcode runs tests from a temporary directory and `swift test` from the package root, so a relative
/// path is resolved against the package root found from the test file's `#filePath` (the nearest
/// folder above it holding `Package.swift`), and against the working directory only when no package
/// root is found or the file exists only there.
enum RecordingPath {
    static func resolve(_ path: String, filePath: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let fileManager = FileManager.default
        if let root = PackageRoot.find(above: filePath) {
            let candidate = root + "/" + path
            if fileManager.fileExists(atPath: candidate) || !fileManager.fileExists(atPath: path) { return candidate }
        }
        return path
    }
}
