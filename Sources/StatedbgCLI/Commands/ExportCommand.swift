import Foundation
import StateDebugger

/// `statedbg export FILE --test [-o OUT] [--xctest]`: a regression test source file for a recording.
enum ExportCommand: Subcommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write a regression test source file that replays a recording.",
        discussion: """
            The test calls StateTesting's assertReplay, which replays the recording through the app's \
            current reducer and fails at the first step whose state differs. It uses Swift Testing unless \
            --xctest is given. The app is taken to be APPTYPE.app in the module of the recording's state \
            type (ExampleApps.BankApp.State gives BankApp.app); otherwise the source holds an <#app#> \
            placeholder to replace. Without -o the source goes to standard output.
            """,
        arguments: [.file],
        options: [
            .flag("test", help: "Export as a regression test (the only format so far; required)."),
            .value("output", short: "o", valueName: "out", help: "Where to write the source."),
            .flag("xctest", help: "Generate an XCTest case instead of a Swift Testing test."),
            .flag("force", help: "Replace the output file if it exists."),
        ],
        exitStatuses: [.init(.success, "The test source was written.")] + CommandSpec.StatusNote.reading + [.exists])

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
        let text = RegressionTestSource(recordingPath: path, header: source.info.header, xctest: arguments.flag("xctest")).text
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
