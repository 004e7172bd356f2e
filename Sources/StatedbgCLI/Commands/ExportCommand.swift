import Foundation
import StateDebugger
import TerminalKit

/// `statedbg export FILE --test [-o OUT] [--xctest] [--name TYPE] [--app EXPRESSION] [--no-testable]`:
/// a regression test source file for a recording; `statedbg export FILE --redux-devtools [-o OUT]`: the
/// recording as a lifted state Redux DevTools imports.
enum ExportCommand: Subcommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write a regression test source file that replays a recording.",
        discussion: """
            The test calls StateTesting's assertReplay, which replays the recording through the app's \
            current reducer and fails at the first step whose state differs, then compares the final state \
            with the one the recording ends in, embedded in the file: as a value of the app's state type \
            when that type is Codable and Equatable, as JSON otherwise. It uses Swift Testing unless \
            --xctest is given. Put it in a test target that depends on the app's module and on statedbg's \
            StateTesting product.

            The test names the app as its registration's swiftName says: RecordableApp(id: "bank", \
            swiftName: "BankApp.app", …) or AppDefinition(id: "users", swiftName: "UsersApp.definition", …). \
            A registration without one is an error; set it, or give the expression with --app. The app's \
            module (its registration's moduleName, by default the module of the state type) is imported \
            with @testable, so that the test sees internal types, as swift test and Xcode's Debug builds \
            allow; --no-testable writes a plain import, for public types in a module built without testing.

            The type is named after the recording's file, ending in ReplayTests, or ReplayXCTests with \
            --xctest, so the two files of one recording can share a test target; --name chooses another. \
            A relative recording path is resolved against the package root, so the test passes from any \
            working directory. Without -o the source goes to standard output.

            With --redux-devtools instead of --test, the recording is written as the lifted state that \
            Redux DevTools' Import reads (actionsById, computedStates, stagedActionIds, …), so its chart \
            and diff monitors can show it; opened again in statedbg it gives the same state at every step.

            $ statedbg export Recordings/bank.jsonl --test -o BankReplayTests.swift
            wrote a regression test for Recordings/bank.jsonl to BankReplayTests.swift
            """,
        arguments: [.file],
        options: [
            .flag("test", help: "Export as a regression test."),
            .flag("redux-devtools", help: "Export as a Redux DevTools lifted state, for its Import."),
            .value("output", short: "o", valueName: "out", help: "Where to write the source.").completing(.files),
            .flag("xctest", help: "Generate an XCTest case instead of a Swift Testing suite."),
            .value("name", valueName: "type", help: "The suite's or test case's name (default: from the file name, as in BankSessionReplayTests)."),
            .value("app", valueName: "expression", help: "The Swift expression naming the app's registration (default: its swiftName)."),
            .flag("no-testable", help: "Import the app's module without @testable (for public types in a module built without testing)."),
            .flag("force", help: "Replace the output file if it exists."),
        ],
        exitStatuses: [.init(.success, "The test source was written.")] + CommandSpec.StatusNote.reading + [.exists])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let path = arguments.string("file") ?? ""
        let output = arguments.string("output")
        if let output {
            try CommandFailure.translating { () throws(DebuggerError) in try OutputPath.refuseOverwriting(inputs: [path], with: output) }
        }
        if let output, !arguments.flag("force"), FileManager.default.fileExists(atPath: output) {
            throw CommandFailure(.fileExists(path: output))
        }
        guard arguments.flag("test") != arguments.flag("redux-devtools") else {
            throw CommandFailure(.usage, "export needs one format: --test (a regression test) or --redux-devtools (a lifted state for Redux DevTools' Import).")
        }
        if arguments.flag("redux-devtools") {
            let source = try context.open(path)
            let lifted = try CommandFailure.translating { () throws(DebuggerError) in
                try ReduxDevToolsExport.liftedState(of: source, isCancelled: context.isCancelled)
            }
            return try deliver(lifted.canonicalText + "\n", to: output, force: arguments.flag("force"), context,
                               wrote: "\(source.lastStep - source.baseStep) steps of \(path) as a Redux DevTools lifted state")
        }
        let options = TestExporter.Options(
            framework: arguments.flag("xctest") ? .xcTest : .swiftTesting,
            appExpression: arguments.string("app"),
            typeName: arguments.string("name"),
            testableImport: !arguments.flag("no-testable"))
        let text: String
        do {
            text = try TestExporter.makeSource(recording: path, registry: context.registry, options: options)
        } catch {
            throw CommandFailure(ExitStatus(rawValue: error.exitStatus), error.description)
        }
        return try deliver(text, to: output, force: arguments.flag("force"), context, wrote: "a regression test for \(path)")
    }

    /// Prints `text`, or writes it to `output` (see `OutputFile`) and says what it wrote there.
    private static func deliver(_ text: String, to output: String?, force: Bool, _ context: CommandContext,
                                wrote what: String) throws(CommandFailure) -> ExitStatus {
        guard let output else {
            context.output.print(text, terminator: "")
            return .success
        }
        try CommandFailure.translating { () throws(DebuggerError) in
            try OutputFile.write(Array(text.utf8), to: output, force: force)
        }
        context.output.print("wrote \(what) to \(output)")
        return .success
    }
}
