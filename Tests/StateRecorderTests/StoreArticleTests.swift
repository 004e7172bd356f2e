import Foundation
import Testing
import TestSupport

/// The store tour of `StateStore.docc/StateStore.md`, read from the article itself, compiled with
/// `swiftc` against the modules and objects of this build, and run: it must print the ```text block
/// that follows it. So the article cannot show code that does not compile or output it does not make.
@Suite struct StoreArticleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The article's first ```swift block and the ```text block after it.
    static func tour() throws -> (code: String, output: String) {
        let article = try String(contentsOf: packageRoot.appendingPathComponent("Sources/StateStore/StateStore.docc/StateStore.md"),
                                 encoding: .utf8)
        func block(_ fence: String, after index: String.Index) throws -> (String, String.Index) {
            let open = try #require(article.range(of: "\n```\(fence)\n", range: index..<article.endIndex), "no ```\(fence) block")
            let close = try #require(article.range(of: "\n```\n", range: open.upperBound..<article.endIndex))
            return (String(article[open.upperBound..<close.lowerBound]), close.upperBound)
        }
        let (code, end) = try block("swift", after: article.startIndex)
        let (output, _) = try block("text", after: end)
        return (code, output)
    }

    /// The build's products folder (holding `Modules/` and a `NAME.build/` folder of objects per
    /// module), found upwards from the test runner.
    static func productsDirectory() -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Modules/StateStore.swiftmodule").path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    @Test func theTourCompilesAndPrintsWhatTheArticleShows() throws {
        let (code, output) = try Self.tour()
        #expect(code.contains("Store(initialState:"))
        let products = try #require(Self.productsDirectory(), "the built modules were not found beside the test runner; build with swift build first")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-tour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try code.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let objects = try LibraryObjects.paths(in: products)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let swiftc = path.split(separator: ":").map { "\($0)/swiftc" }.first(where: FileManager.default.isExecutableFile(atPath:))
        let compiled = try Self.run([try #require(swiftc, "swiftc is not on PATH")],
                                    ["main.swift", "-I", products.appendingPathComponent("Modules").path, "-o", "tour"]
                                        + LibraryObjects.cModuleSearchPaths(besideModules: products.appendingPathComponent("Modules").path) + objects + ["-lm"], in: folder)
        try #require(compiled.status == 0, "the tour does not compile:\n\(compiled.output)")
        let ran = try Self.run([folder.appendingPathComponent("tour").path], [], in: folder)
        #expect(ran.status == 0)
        #expect(ran.output == output + "\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("state.json").path))
    }

    private static func run(_ command: [String], _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + arguments
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
