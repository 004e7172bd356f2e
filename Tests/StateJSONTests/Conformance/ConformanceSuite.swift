import Foundation
import Testing

/// Where the public conformance suites are: `shared/conformance` in the folder that holds the
/// package (present in CI and in every developer's checkout, see its README.md).
///
/// A test that needs them carries ``Testing/Trait/conformanceSuitesPresent``, so where the folder
/// is absent the run says so rather than passing without having read a case:
///
/// ```text
/// ➜ Suite JSONTestSuiteTests skipped: "the conformance suites are not at /work/shared/conformance (shared/conformance beside the package folder), so it did not run"
/// ```
enum ConformanceSuite {
    /// `<package root>/../shared/conformance`, found from this file's path (the package root is three
    /// folders up: Tests/StateJSONTests/Conformance).
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("shared/conformance", isDirectory: true)

    /// Whether the suites' folder exists.
    static var isPresent: Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The file at `path` inside the suites' folder.
    static func url(_ path: String) -> URL {
        folder.appendingPathComponent(path)
    }

    /// The bytes of the file at `path` inside the suites' folder.
    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url(path)))
    }

    /// The names of the files in the folder `path` inside the suites' folder, sorted.
    static func fileNames(in path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(path).path).sorted()
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when ``ConformanceSuite/folder`` exists; otherwise the test is reported as
    /// skipped, naming the path that was searched.
    static var conformanceSuitesPresent: Self {
        .enabled(
            if: ConformanceSuite.isPresent,
            Comment(rawValue: "the conformance suites are not at \(ConformanceSuite.folder.path) "
                + "(shared/conformance beside the package folder), so it did not run"))
    }
}
