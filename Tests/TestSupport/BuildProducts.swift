import Foundation

/// The directories a `swift build` of this package puts its executables in, as seen from the running
/// tests, for end-to-end tests that run them. Shared by the test targets.
///
/// Only the build's own products directories are searched, never the folders above them: a checkout is
/// often named after its executable (`statedbg/`), and that folder must not pass for the program.
///
/// ```swift
/// let statedbg = BuildProducts.current().executable(named: "statedbg")
/// // "/home/me/statedbg/.build/x86_64-unknown-linux-gnu/debug/statedbg"
/// ```
public struct BuildProducts: Sendable {
    /// The directories searched, most specific first.
    public var directories: [String]

    /// Products in `directories`, searched in that order.
    public init(directories: [String]) {
        self.directories = directories
    }

    /// The products directories of the build the running tests belong to.
    public static func current() -> BuildProducts {
        let runner = Bundle.main.executableURL?.path ?? CommandLine.arguments.first
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        return BuildProducts(directories: directories(testRunner: runner, testBundle: Bundle(for: Marker.self).bundlePath,
                                                      packageRoot: packageRoot))
    }

    /// The directories to search, given where the tests run from.
    ///
    /// - Parameters:
    ///   - testRunner: The running executable: the test product on Linux, which SwiftPM builds next to
    ///     the package's executables.
    ///   - testBundle: The bundle holding the tests: the `.xctest` bundle on macOS, which sits next to
    ///     the executables; on Linux, the main bundle, the directory of the test product.
    ///   - packageRoot: The folder of `Package.swift`, whose `.build/debug` is the last resort.
    public static func directories(testRunner: String?, testBundle: String?, packageRoot: String) -> [String] {
        var found: [String] = []
        func add(_ directory: String) {
            let standard = URL(fileURLWithPath: directory).standardizedFileURL.path
            if !found.contains(standard) { found.append(standard) }
        }
        if let testRunner, testRunner.contains("/") {
            add(URL(fileURLWithPath: testRunner).deletingLastPathComponent().path)
        }
        if let testBundle {
            add(testBundle.hasSuffix(".xctest") ? URL(fileURLWithPath: testBundle).deletingLastPathComponent().path : testBundle)
        }
        add(URL(fileURLWithPath: packageRoot).appendingPathComponent(".build/debug").path)
        return found
    }

    /// The paths where the executable `name` is looked for, in order.
    public func candidates(named name: String) -> [String] {
        directories.map { URL(fileURLWithPath: $0).appendingPathComponent(name).path }
    }

    /// The first of ``candidates(named:)`` that is a regular, executable file; `nil` when there is none.
    public func executable(named name: String) -> String? {
        candidates(named: name).first(where: Self.isExecutableFile(atPath:))
    }

    /// Whether `path` (after symbolic links) is a regular file the current user may execute; a directory,
    /// whose search permission looks the same to `access(2)`, is not.
    public static func isExecutableFile(atPath path: String) -> Bool {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
              attributes[.type] as? FileAttributeType == .typeRegular else { return false }
        return FileManager.default.isExecutableFile(atPath: resolved)
    }

    private final class Marker {}
}
