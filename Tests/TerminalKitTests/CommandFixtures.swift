import TerminalKit

/// A cut-down `statedbg` command tree shared by the argument tests.
enum CommandFixtures {
    static let replay = CommandSpec(
        name: "replay",
        abstract: "Replay a recording, printing each step's action label and the state diff it caused.",
        arguments: [ArgumentSpec("file", help: "The recording to replay.")],
        options: [
            .flag("verify", help: "Check every recorded state against the replayed one."),
            .value("to", valueName: "n", help: "Stop after step <n>."),
            .flag("quiet", short: "q", help: "Print only the summary."),
            .flag("json", help: "Print JSON lines instead of text."),
        ],
        exitStatuses: [
            .init(.success, "Every step replayed."),
            .init(.checkFailed, "A replayed state differed from the recorded one."),
            .init(.usage, "The command line was wrong."),
        ])

    static let repl = CommandSpec(
        name: "repl",
        abstract: "Start an interactive session.",
        arguments: [ArgumentSpec("file", help: "The recording to open.")])

    static let diff = CommandSpec(
        name: "diff",
        abstract: "Compare two states.",
        arguments: [
            ArgumentSpec("file", help: "The recording."),
            ArgumentSpec("a", help: "The first step, or a second recording."),
            ArgumentSpec("b", help: "The second step.", isOptional: true),
        ])

    static let log = CommandSpec(
        name: "log",
        abstract: "List the recorded actions.",
        arguments: [ArgumentSpec("file")],
        options: [.value("type", valueName: "pattern", help: "Only actions whose type matches.", isRepeatable: true)])

    static let record = CommandSpec(
        name: "record",
        abstract: "Record a generated session of an example app.",
        arguments: [ArgumentSpec("example", help: "counter, bank, tracker or users.")],
        options: [
            .value("output", short: "o", valueName: "out", help: "Where to write the recording.", isRequired: true),
            .value("steps", valueName: "n", defaultValue: "100", help: "How many actions to generate."),
            .value("seed", valueName: "s", help: "The random seed."),
        ])

    static let root = CommandSpec(
        name: "statedbg",
        abstract: "A time-travel debugger for recorded Redux-style stores.",
        subcommands: [replay, repl, diff, log, record],
        defaultSubcommand: "repl",
        version: "0.1.0",
        exitStatuses: [
            .init(.success, "Success."),
            .init(.checkFailed, "A check failed: a divergence, or a predicate that never held."),
            .init(.usage, "The command line was wrong."),
            .init(.dataError, "A recording was malformed."),
        ])

    static let parser = CommandLineParser(root: root)

    /// Parses and expects a command, failing the test with the report otherwise.
    static func command(_ arguments: [String]) throws -> ParsedArguments {
        guard case .command(let parsed) = try parser.parse(arguments) else {
            throw FixtureFailure.notACommand(arguments)
        }
        return parsed
    }

    /// The error report for a command line expected to be wrong.
    static func report(_ arguments: [String]) -> String {
        do {
            _ = try parser.parse(arguments)
            return "(parsed)"
        } catch {
            return error.description
        }
    }

    enum FixtureFailure: Error {
        case notACommand([String])
    }
}
