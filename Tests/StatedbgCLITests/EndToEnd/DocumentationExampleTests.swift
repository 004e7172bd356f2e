import Foundation
import StatedbgCLI
import TerminalKit
import Testing
import TestSupport

/// Every command shown with its output — in `statedbg help`, in the README's and the DocC articles'
/// ```console blocks — is run against the built `statedbg` on a copy of the shipped recordings, and
/// must print exactly what is shown: so no documentation shows output that was typed rather than made.
@Suite struct DocumentationExampleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A folder standing for a user's package — a `Package.swift`, an empty `Tests` and a copy of
    /// `Recordings/` — where examples run (and may write files).
    private func workspace() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Self.packageRoot.appendingPathComponent("Recordings").path,
                                         toPath: folder.file("Recordings"))
        _ = try folder.write("// swift-tools-version: 6.2\n", to: "Package.swift")
        _ = try folder.createFolder("Tests")
        return folder
    }

    private func check(_ transcripts: [Transcript], statedbg: StatedbgProcess) throws {
        let folder = try workspace()
        for transcript in transcripts {
            let outcome = try transcript.run(statedbg: statedbg.path, in: folder.path)
            if transcript.expected.isEmpty {
                #expect(outcome.status == 0 || outcome.status == 1, "\(transcript) exited with \(outcome.status):\n\(outcome.text)")
                #expect(!outcome.text.isEmpty, "\(transcript) printed nothing")
            } else {
                #expect(outcome.text == transcript.expected.joined(separator: "\n"), "\(transcript)")
            }
        }
    }

    /// The subcommands whose examples need a live app beside them.
    static let needsARunningApp: Set<String> = ["serve", "attach", "listen"]

    @Test func everySubcommandsHelpShowsAnExampleThatRunsAndPrintsWhatItShows() throws {
        let statedbg = try StatedbgProcess.locate()
        for command in [Statedbg.command] + Statedbg.command.subcommands {
            let name = command == Statedbg.command ? "statedbg" : "statedbg \(command.name)"
            // serve, attach and listen need a running app, so their examples (without `$ `) are not run
            // here: LiveAttachTests and LiveListenTests run them end to end, through sockets and a
            // pseudo-terminal.
            if Self.needsARunningApp.contains(command.name) {
                #expect(command.discussion.contains("  statedbg \(command.name) "), "\(name) --help shows no example")
                continue
            }
            let transcripts = Transcript.inHelp(command.discussion, source: "\(name) --help")
            #expect(!transcripts.isEmpty, "\(name) --help shows no example")
            try check(transcripts, statedbg: statedbg)
        }
    }

    @Test func everyConsoleBlockOfTheReadmeAndTheArticlesPrintsWhatItShows() throws {
        let statedbg = try StatedbgProcess.locate()
        var files = ["README.md"]
        let sources = Self.packageRoot.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let catalog = sources.appendingPathComponent(module).appendingPathComponent("\(module).docc")
            guard let articles = try? FileManager.default.contentsOfDirectory(atPath: catalog.path) else { continue }
            files += articles.filter { $0.hasSuffix(".md") }.sorted().map { "Sources/\(module)/\(module).docc/\($0)" }
        }
        var count = 0
        for file in files {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(file), encoding: .utf8)
            for block in Transcript.inMarkdown(text, file: file) {
                count += block.count
                try check(block, statedbg: statedbg)
            }
        }
        #expect(count >= 10, "only \(count) console examples were found in \(files.joined(separator: ", "))")
    }

    @Test func theReadmesTranscriptsAreFound() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let commands = Transcript.inMarkdown(readme, file: "README.md").flatMap { $0 }.map(\.command)
        #expect(commands.contains("statedbg replay Recordings/users-negative-age.jsonl --to 3"))
    }

    /// The example in ``Statedbg``'s documentation.
    @Test func theEntryPointsDocumentedExamplePrintsWhatItShows() {
        let out = MemorySink(), err = MemorySink()
        let terminal = Terminal(output: TextOutput(standardOutput: out, standardError: err))
        let recording = Self.packageRoot.appendingPathComponent("Recordings/counter.jsonl").path
        let status = Statedbg.main(arguments: ["statedbg", "log", recording, "--type", "counter.reset"],
                                   apps: [], terminal: terminal, catchesInterrupts: false)
        #expect(status == .success)
        #expect(out.text == """
                26  counter.reset
                29  counter.reset

            """)
    }

    @Test func testOnlyOptionsAreLeftOutOfHelpButStillParse() throws {
        let record = try #require(Statedbg.command.subcommand(named: "record"))
        let help = HelpRenderer(width: 100).render(commandPath: [Statedbg.command, record])
        #expect(!help.contains("acknowledged"))
        let parsed = try CommandLineParser(root: Statedbg.command).parse(["record", "bank", "-o", "x.jsonl", "--acknowledged"])
        guard case .command(let arguments) = parsed else {
            Issue.record("record --acknowledged did not parse as a command: \(parsed)")
            return
        }
        #expect(arguments.flag("acknowledged"))
    }
}
