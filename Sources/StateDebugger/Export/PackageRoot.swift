import Foundation

/// Finds the Swift package a file belongs to, so that recordings can be named relative to it.
///
/// ```swift
/// PackageRoot.find(above: "/home/me/MyApp/Tests/AppTests/Recordings/bank.jsonl")   // "/home/me/MyApp"
/// ```
package enum PackageRoot {
    /// The nearest folder above `path` that holds a `Package.swift`, or `nil` when there is none.
    package static func find(above path: String) -> String? {
        var folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.path
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
