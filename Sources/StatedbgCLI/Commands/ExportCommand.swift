import Foundation
import StateDebugger

/// `statedbg export FILE --test [-o OUT] [--xctest]`: a regression test source file for a recording.
enum ExportCommand: Subcommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write a regression test source file that replays a recording.",
        discussion: """
            The test calls StateTesting's assertReplay, which replays the recording through the app's \
            current reducer and fails at the first step whose state differs, then compares the final state \
            with the one the recording ends in, embedded in the file. It uses Swift Testing unless --xctest \
            is given. It names the app's types and imports the module that declares them; the app value is \
            X.app for a state type X.State (ExampleApps.BankApp.State gives BankApp.app), or what --app says. \
            A relative recording path is resolved against the package root, so the test passes from any \
            working directory. Without -o the source goes to standard output.
            """,
        arguments: [.file],
        options: [
            .flag("test", help: "Export as a regression test (the only format so far).", isRequired: true),
            .value("output", short: "o", valueName: "out", help: "Where to write the source."),
            .flag("xctest", help: "Generate an XCTest case instead of a Swift Testing test."),
            .value("app", valueName: "expression", help: "The Swift expression naming the app's RecordableApp (default: derived from the state type)."),
            .flag("force", help: "Replace the output file if it exists."),
        ],
        exitStatuses: [.init(.success, "The test source was written.")] + CommandSpec.StatusNote.reading + [.exists])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let path = arguments.string("file") ?? ""
        let output = arguments.string("output")
        if let output, !arguments.flag("force"), FileManager.default.fileExists(atPath: output) {
            throw CommandFailure(.fileExists(path: output))
        }
        let text: String
        do {
            text = try TestExporter.makeSource(recording: path, registry: context.registry,
                                               framework: arguments.flag("xctest") ? .xcTest : .swiftTesting,
                                               appExpression: arguments.string("app"))
        } catch {
            throw CommandFailure(ExitStatus(rawValue: error.exitStatus), error.description)
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
