import Foundation
import Testing
import TestSupport

/// The Swift snippets of the article "Bug reports from release builds" (StateRecorder.docc): the flight
/// recorder's setup and the crash journal taken at the next launch, type-checked as one file against the
/// modules this build made, in both language modes, without a warning. (Its console blocks are run by
/// DocumentationExampleTests.)
@Suite struct BugReportArticleTests {
    static let article = "Sources/StateRecorder/StateRecorder.docc/BugReportsFromReleaseBuilds.md"

    @Test func theArticlesSnippetsTypeCheckAsOneFile() throws {
        guard let modules = ReadmeSnippetTests.modulesDirectory() else {
            Issue.record("The built modules were not found beside the test runner; build with swift build first.")
            return
        }
        let snippets = try ReadmeSnippetTests.swiftBlocks(ofArticle: Self.article)
        #expect(snippets.count == 2)
        let folder = try TemporaryDirectory()
        let file = try folder.write(snippets.joined(separator: "\n") + "\n", to: "main.swift")
        let swiftc = ChildProcess.onPath("swiftc") ?? "/usr/bin/swiftc"
        for mode in ["5", "6"] {
            let checked = try ChildProcess.run(swiftc, ["-typecheck", "-swift-version", mode, "-I", modules, file]
                                                   + LibraryObjects.cModuleSearchPaths(besideModules: modules), in: folder.path)
            #expect(checked.status == 0, "the article's snippets do not compile in Swift \(mode) mode:\n\(checked.output)")
            #expect(!checked.output.contains("warning:"), "the article's snippets warn in Swift \(mode) mode:\n\(checked.output)")
        }
    }
}
