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

    @Test func theTourCompilesAndPrintsWhatTheArticleShows() throws {
        let (code, output) = try Self.tour()
        #expect(code.contains("Store(initialState:"))
        let products = try #require(ArticleProgram.productsDirectory(holding: "StateStore"),
                                    "the built modules were not found beside the test runner; build with swift build first")
        let folder = try TemporaryDirectory()
        let compiled = try ArticleProgram.compile(code, in: folder.path, products: products, executable: "tour")
        try #require(compiled.status == 0, "the tour does not compile:\n\(compiled.output)")
        let ran = try ChildProcess.run(folder.file("tour"), [], in: folder.path)
        #expect(ran.status == 0)
        #expect(ran.output == output + "\n")
        #expect(FileManager.default.fileExists(atPath: folder.file("state.json")))
    }
}
