import Foundation
import StateDebugger

/// `statedbg export FILE --test [-o OUT] [--xctest]`: a regression test source file for a recording.
enum ExportCommand: Subcommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write a regression test source file that replays a recording.",
        discussion: """
            The test replays the recording through the app's current reducer and fails at the first step \
            whose state differs. It uses Swift Testing unless --xctest is given. Without -o the source \
            goes to standard output.
            """,
        arguments: [.file],
        options: [
            .flag("test", help: "Export as a regression test (the only format so far; required)."),
            .value("output", short: "o", valueName: "out", help: "Where to write the source."),
            .flag("xctest", help: "Generate an XCTest case instead of a Swift Testing test."),
            .flag("force", help: "Replace the output file if it exists."),
        ],
        exitStatuses: CommandSpec.StatusNote.reading + [.exists, .init(.unavailable, "Test generation is not available in this build.")])

    /// What a generator is asked to write.
    struct Request {
        /// The recording's path as given.
        var path: String
        /// The recording.
        var source: any RecordingSource
        /// Whether to write an XCTest case rather than a Swift Testing test.
        var xctest: Bool
    }

    /// Where test source generation plugs in once StateTesting lands: returns the source text, or `nil`
    /// while this build has no generator.
    static let generate: @Sendable (Request) -> String? = { _ in nil }

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        guard arguments.flag("test") else {
            throw context.usageError(arguments, .missingArgument("--test"))
        }
        let path = arguments.string("file") ?? ""
        let source = try context.open(path)
        let output = arguments.string("output")
        if let output, !arguments.flag("force"), FileManager.default.fileExists(atPath: output) {
            throw CommandFailure(.fileExists(path: output))
        }
        guard let text = generate(Request(path: path, source: source, xctest: arguments.flag("xctest"))) else {
            throw CommandFailure(.unavailable, "Exporting a regression test is not available yet: this build of statedbg has no test generator.")
        }
        guard let output else {
            context.output.print(text, terminator: "")
            return .success
        }
        do {
            try text.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            throw CommandFailure(.ioError, "\(output): cannot write the test: \(error.localizedDescription)")
        }
        context.output.print("wrote a regression test for \(path) to \(output)")
        return .success
    }
}
