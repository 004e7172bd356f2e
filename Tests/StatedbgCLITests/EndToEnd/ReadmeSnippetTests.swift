import Foundation
import Testing
import TestSupport

/// The Swift snippets of the README's "Use it in your app" section, read from the README itself and
/// type-checked with `swiftc` against the modules this build made, with a small app of the shapes the
/// README names (`AppState`, `AddUser`, `BankState`…) standing in for the reader's, then linked with the
/// build's objects into one program and run: so the README cannot show code that does not compile or work.
@Suite struct ReadmeSnippetTests {
    /// The README's path, from this file's.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The app the snippets talk about, as a module named `MyApp`.
    static let prelude = """
        import Foundation
        import StateRecorder

        public protocol Action {}
        public struct AddUser: Action, Codable { public var name: String; public var age: Int }
        public struct UpdateAge: Action, Codable { public var id: Int; public var age: Int }
        public struct RemoveUser: Action, Codable { public var id: Int }
        public struct AppState: Codable, Sendable { public var names: [String] = []; public init() {} }
        public func appReducer(action: Action, state: AppState?) -> AppState { state ?? AppState() }
        public struct ReSwiftInit: Action { public init() {} }
        public typealias DispatchFunction = (Action) -> Void
        public typealias Middleware<State> = (@escaping DispatchFunction, @escaping () -> State?)
            -> (@escaping DispatchFunction) -> DispatchFunction
        public typealias GetStateFirstMiddleware<State> = (@escaping () -> State?, @escaping DispatchFunction)
            -> (@escaping DispatchFunction) -> DispatchFunction

        public enum AccountAction: Codable { case deposit(amount: Int) }
        public enum TransferAction: Codable { case pay(amount: Int) }
        public struct BankState: Codable, Sendable { public var balance = 0; public init() {} }
        public func bankReduce(_ state: inout BankState, _ action: Any) {}

        public final class Store: @unchecked Sendable {
            public var state = AppState()
            public func replace(_ state: AppState) { self.state = state }
        }
        public let store = Store()
        /// A ReSwift-shaped store: its state is read-only.
        public final class ReadOnlyStore {
            public private(set) var state: AppState
            let reducer: (Action, AppState?) -> AppState
            public init(reducer: @escaping (Action, AppState?) -> AppState, state: AppState?) {
                self.reducer = reducer
                self.state = reducer(ReSwiftInit(), state)
            }
            public func dispatch(_ action: Action) { state = reducer(action, state) }
        }
        extension TravelAction: Action {}
        public let action: Action = AddUser(name: "Blob", age: 31)
        public let journalURL = FileManager.default.temporaryDirectory.appendingPathComponent("users.jsonl")
        """

    /// The ```swift blocks between `## Use it in your app` and the next `## ` heading, without the
    /// `Package.swift` fragments (which are not Swift files of their own).
    static func snippets() throws -> [String] {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## Use it in your app\n") else { return [] }
        let rest = readme[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        var blocks: [String] = []
        var current: [Substring]?
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks.filter { !$0.hasPrefix("dependencies:") }
    }

    /// The folder holding the `.swiftmodule`s of this build, beside the test runner.
    static func modulesDirectory() -> String? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("StateRecorder.swiftmodule").path) {
                return candidate.path
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    @Test func theReadmeShowsItsSnippets() throws {
        #expect(try Self.snippets().count >= 3)
    }

    @Test func everySnippetOfUseItInYourAppTypeChecks() throws {
        guard let modules = Self.modulesDirectory() else {
            Issue.record("The built modules were not found beside the test runner; build with swift build first.")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let prelude = directory.appendingPathComponent("MyApp.swift")
        try Self.prelude.write(to: prelude, atomically: true, encoding: .utf8)
        let cModules = LibraryObjects.cModuleSearchPaths(besideModules: modules)
        let built = try swiftc(["-emit-module", "-parse-as-library", "-module-name", "MyApp", "-I", modules,
                                "-emit-module-path", directory.appendingPathComponent("MyApp.swiftmodule").path, prelude.path] + cModules,
                               in: directory)
        #expect(built.status == 0, "the stand-in app does not compile:\n\(built.output)")
        // The snippets build on each other, as a reader's file would: each is checked with the ones before
        // it, in both language modes a reader's package may use, and a warning fails as an error does.
        var program = "import Foundation\nimport MyApp\nimport StateRecorder\nimport StateTesting\nimport Testing\n"
        for (index, snippet) in try Self.snippets().enumerated() {
            program += snippet + "\n"
            let file = directory.appendingPathComponent("main.swift")
            try program.write(to: file, atomically: true, encoding: .utf8)
            for mode in ["5", "6"] {
                let checked = try swiftc(["-typecheck", "-swift-version", mode, "-I", modules, "-I", directory.path, file.path] + cModules,
                                         in: directory)
                #expect(checked.status == 0, "README snippet \(index + 1) does not compile in Swift \(mode) mode:\n\(snippet)\n\(checked.output)")
                #expect(!checked.output.contains("warning:"), "README snippet \(index + 1) warns in Swift \(mode) mode:\n\(snippet)\n\(checked.output)")
            }
        }
    }

    /// The ```swift blocks of the article on keeping recordings across code changes: its worked example,
    /// which declares its own types, so it needs no stand-in app.
    static func migrationArticleSnippets() throws -> [String] {
        try swiftBlocks(ofArticle: "Sources/StateRecorder/StateRecorder.docc/KeepingRecordingsAcrossCodeChanges.md")
    }

    /// The ```swift blocks of the Markdown file at `path`, relative to the package root.
    static func swiftBlocks(ofArticle path: String) throws -> [String] {
        let article = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func theMigrationArticlesWorkedExampleTypeChecksAsOneFile() throws {
        guard let modules = Self.modulesDirectory() else {
            Issue.record("The built modules were not found beside the test runner; build with swift build first.")
            return
        }
        let snippets = try Self.migrationArticleSnippets()
        #expect(snippets.count >= 4)
        let folder = try TemporaryDirectory()
        let file = try folder.write(snippets.joined(separator: "\n") + "\n", to: "main.swift")
        let cModules = LibraryObjects.cModuleSearchPaths(besideModules: modules)
        for mode in ["5", "6"] {
            let checked = try swiftc(["-typecheck", "-swift-version", mode, "-I", modules, file] + cModules,
                                     in: URL(fileURLWithPath: folder.path))
            #expect(checked.status == 0, "the article's snippets do not compile in Swift \(mode) mode:\n\(checked.output)")
            #expect(!checked.output.contains("warning:"), "the article's snippets warn in Swift \(mode) mode:\n\(checked.output)")
        }
    }

    /// The snippets and the stand-in app as one program, linked with this build's objects and run: it
    /// records a step with the `Recorder`, then runs the snippet's own `statedbg` (`Statedbg.main(apps:)`)
    /// with `examples`, which lists the two apps the snippets registered; the journal it wrote is sound.
    @Test func theSnippetsLinkAndRunAsOneProgram() throws {
        guard let modules = Self.modulesDirectory() else {
            Issue.record("The built modules were not found beside the test runner; build with swift build first.")
            return
        }
        let products = URL(fileURLWithPath: modules).deletingLastPathComponent()
        let folder = try TemporaryDirectory()
        // One file: the stand-in app is part of the program here, not a module of its own to import.
        let snippets = try Self.snippets().joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0 != "import MyApp" }.joined(separator: "\n")
        let program = "import StateTesting\nimport Testing\n" + Self.prelude + "\n" + snippets + "\n"
        let source = try folder.write(program, to: "main.swift")
        let objects = try LibraryObjects.paths(in: products)
        let built = try swiftc([source, "-I", modules, "-o", folder.file("myapp")] + LibraryObjects.cModuleSearchPaths(besideModules: modules) + objects + ["-lm"],
                               in: URL(fileURLWithPath: folder.path))
        try #require(built.status == 0, "the README's snippets do not link as one program:\n\(built.output)")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: folder.file("myapp"))
        process.arguments = ["examples"]
        process.environment = ["TMPDIR": folder.path, "HOME": folder.path, "TERM": "dumb"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output == """
            users        (cannot be recorded: no action generator)
            bank         (cannot be recorded: no action generator)

            """)
        // The journal the snippet's recorder wrote, closed at exit.
        let check = try StatedbgProcess.locate().run(["check", folder.file("users.jsonl")], in: folder.path)
        #expect(check.status == 0)
        #expect(check.output == "\(folder.file("users.jsonl")): no problems in 1 step.\n")
    }

    private func swiftc(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let run = try ChildProcess.run(ChildProcess.onPath("swiftc") ?? "/usr/bin/swiftc", arguments, in: directory.path)
        return (run.status, run.output)
    }
}
