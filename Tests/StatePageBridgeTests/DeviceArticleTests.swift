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

    @Test func theProgramCompilesAndPrintsWhatTheArticleShows() throws {
        let (code, output) = try Self.program()
        let products = try #require(ArticleProgram.productsDirectory(holding: "StatePageBridge"),
                                    "the built modules were not found beside the test runner; build with swift build first")
        let folder = try TemporaryDirectory()
        let compiled = try ArticleProgram.compile(code, in: folder.path, products: products, executable: "program")
        try #require(compiled.status == 0, "the program does not compile:\n\(compiled.output)")
        let ran = try ChildProcess.run(folder.file("program"), [], in: folder.path)
        #expect(ran.status == 0)
        #expect(ran.output == output + "\n")
    }
}
