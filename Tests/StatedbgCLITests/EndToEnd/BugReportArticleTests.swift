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

    /// The article's glue as a user's app and the user's own statedbg in one program: run with `crash`, it
    /// dispatches what crashes the list's reducer, and its flight recorder writes the crash journal; run
    /// again, its recorder moves the journal aside, the snippet finds it, and the program's own `replay --verify` reproduces the
    /// crash in a child of itself, as the article says.
    @Test(.timeLimit(.minutes(5)))
    func theArticlesGlueWritesACrashJournalThatTheAppsOwnStatedbgReproduces() throws {
        guard let modules = ReadmeSnippetTests.modulesDirectory() else {
            Issue.record("The built modules were not found beside the test runner; build with swift build first.")
            return
        }
        let products = URL(fileURLWithPath: modules).deletingLastPathComponent()
        let folder = try TemporaryDirectory()
        let main = """
            import StatedbgCLI

            if CommandLine.arguments.dropFirst().first == "crash" {
                MainActor.assumeIsolated {
                    dispatch(.add("milk"))
                    dispatch(.add("eggs"))
                    dispatch(.select(1))
                    dispatch(.deleteSelected)
                    dispatch(.increaseSelected)
                }
                exit(3)
            }
            exit(Statedbg.main(apps: [listApp]))
            """
        let program = try ReadmeSnippetTests.swiftBlocks(ofArticle: Self.article).joined(separator: "\n") + "\n" + main + "\n"
        let built = try ArticleProgram.compile(program, in: folder.path, products: products, executable: "listapp")
        try #require(built.status == 0, "the article's snippets do not link as one program:\n\(built.output)")
        // The caches folder the snippet writes the journal to, as a fresh user account has it.
        let home = try folder.createFolder("home")
        try FileManager.default.createDirectory(atPath: home + "/.cache", withIntermediateDirectories: true)
        let app = StatedbgProcess(path: folder.file("listapp"))
        let environment = "export HOME=\(home) XDG_CACHE_HOME=\(home)/.cache SWIFT_BACKTRACE=enable=no"

        let crash = try app.run(["crash"], in: folder.path, shell: environment)
        #expect(crash.signalled, "the app did not crash: \(crash.status) \(crash.output) \(crash.error)")
        let taken = try app.run(["examples"], in: folder.path, shell: environment)
        let name = try #require(taken.output.split(separator: "\n").first { $0.hasPrefix("a crash journal to send: ") }?
            .dropFirst("a crash journal to send: ".count), "the next launch found no crash journal: \(taken.output)")
        let journal = home + "/.cache/" + name

        let verify = try app.run(["replay", journal, "--verify", "--quiet"], in: folder.path, shell: environment)
        #expect(verify.status == 1)
        // The crash journal is not removed (the snippet's `send` returns false): every launch names it again.
        let replayed = verify.output.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0 != "a crash journal to send: \(name)" }.joined(separator: "\n")
        #expect(replayed == """
            schema: compatible: the recording's state and action types match the current code
            verified 4 steps: every state matches
            the recording redacts .sessionToken, email: each replayed state was redacted the same way and compared with it
            \(journal):6: step 5 (ListAction.increaseSelected) crashes the reducer: SIGILL (Fatal error: Index out of range)
            to stop in the reducer there: lldb -- \(app.path) debug \(journal) 5, or gdb --args \(app.path) debug \(journal) 5

            """)
    }
}
