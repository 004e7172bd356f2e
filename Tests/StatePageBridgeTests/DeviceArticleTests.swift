import Foundation
import Testing
import TestSupport

/// The program of `StatePageBridge.docc/ShowingTheTimelineOnTheDevice.md`, read from the article,
/// compiled with `swiftc` against the modules and objects of this build, and run: it must print the
/// ```text block that follows it. So the article cannot show code that does not compile or output it
/// does not make.
@Suite struct DeviceArticleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The article's ```swift block that makes a `PageBridge`, and the ```text block after it.
    static func program() throws -> (code: String, output: String) {
        let article = try String(contentsOf: packageRoot.appendingPathComponent(
            "Sources/StatePageBridge/StatePageBridge.docc/ShowingTheTimelineOnTheDevice.md"), encoding: .utf8)
        let marker = try #require(article.range(of: "let bridge = PageBridge(recorder:"), "the article makes no PageBridge")
        let open = try #require(article.range(of: "\n```swift\n", options: .backwards, range: article.startIndex..<marker.lowerBound))
        let close = try #require(article.range(of: "\n```\n", range: marker.upperBound..<article.endIndex))
        let textOpen = try #require(article.range(of: "\n```text\n", range: close.upperBound..<article.endIndex))
        let textClose = try #require(article.range(of: "\n```\n", range: textOpen.upperBound..<article.endIndex))
        return (String(article[open.upperBound..<close.lowerBound]), String(article[textOpen.upperBound..<textClose.lowerBound]))
    }

    /// The build's products folder (holding `Modules/` and the objects), found upwards from the test runner.
    static func productsDirectory() -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Modules/StatePageBridge.swiftmodule").path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    @Test func theProgramCompilesAndPrintsWhatTheArticleShows() throws {
        let (code, output) = try Self.program()
        let products = try #require(Self.productsDirectory(), "the built modules were not found beside the test runner; build with swift build first")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("device-article-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try code.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let modules = products.appendingPathComponent("Modules").path
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let swiftc = path.split(separator: ":").map { "\($0)/swiftc" }.first(where: FileManager.default.isExecutableFile(atPath:))
        let compiled = try Self.run(
            [try #require(swiftc, "swiftc is not on PATH"), "main.swift", "-I", modules, "-o", "program"]
                + LibraryObjects.cModuleSearchPaths(besideModules: modules) + (try LibraryObjects.paths(in: products)) + ["-lm"],
            in: folder)
        try #require(compiled.status == 0, "the program does not compile:\n\(compiled.output)")
        let ran = try Self.run([folder.appendingPathComponent("program").path], in: folder)
        #expect(ran.status == 0)
        #expect(ran.output == output + "\n")
    }

    private static func run(_ command: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
