import Testing
@testable import TerminalKit

@Suite struct CommandLineParserTests {
    @Test func readsPositionalsFlagsAndValues() throws {
        let parsed = try CommandFixtures.command(["replay", "run.jsonl", "--verify", "--to", "12"])
        #expect(parsed.commandPath == ["statedbg", "replay"])
        #expect(parsed.string("file") == "run.jsonl")
        #expect(parsed.flag("verify"))
        #expect(!parsed.flag("quiet"))
        #expect(try parsed.int("to") == 12)
    }

    @Test func acceptsEqualsAttachedAndShortForms() throws {
        let equals = try CommandFixtures.command(["record", "bank", "--output=out.jsonl", "--steps=5"])
        #expect(equals.string("output") == "out.jsonl")
        #expect(try equals.int("steps") == 5)
        let short = try CommandFixtures.command(["record", "-o", "a.jsonl", "bank"])
        #expect(short.string("output") == "a.jsonl")
        #expect(short.string("example") == "bank")
        let attached = try CommandFixtures.command(["record", "-ob.jsonl", "bank"])
        #expect(attached.string("output") == "b.jsonl")
    }

    @Test func combinesShortFlagsWithATrailingValueOption() throws {
        let spec = CommandSpec(
            name: "tool",
            options: [.flag("all", short: "a"), .flag("brief", short: "b"), .value("out", short: "o", valueName: "o")])
        guard case .command(let parsed) = try CommandLineParser(root: spec).parse(["-abo", "x"]) else {
            Issue.record("expected a command")
            return
        }
        #expect(parsed.flag("all") && parsed.flag("brief"))
        #expect(parsed.string("out") == "x")
    }

    @Test func fallsBackToDeclaredDefaults() throws {
        let parsed = try CommandFixtures.command(["record", "bank", "-o", "b.jsonl"])
        #expect(try parsed.int("steps") == 100)
        #expect(parsed.string("seed") == nil)
    }

    @Test func takesNegativeNumbersAsValues() throws {
        let option = try CommandFixtures.command(["replay", "run.jsonl", "--to", "-1"])
        #expect(try option.int("to") == -1)
        let positional = try CommandFixtures.command(["diff", "run.jsonl", "-1", "-2"])
        #expect(positional.string("a") == "-1")
        #expect(positional.string("b") == "-2")
    }

    @Test func treatsEverythingAfterDoubleDashAsPositional() throws {
        let parsed = try CommandFixtures.command(["replay", "--", "--verify"])
        #expect(parsed.string("file") == "--verify")
        #expect(!parsed.flag("verify"))
    }

    @Test func keepsEveryValueOfARepeatableOption() throws {
        let parsed = try CommandFixtures.command(["log", "run.jsonl", "--type", "bank.*", "--type=users.*"])
        #expect(parsed.strings("type") == ["bank.*", "users.*"])
    }

    @Test func routesAnUnknownFirstWordToTheDefaultSubcommand() throws {
        let parsed = try CommandFixtures.command(["run.jsonl"])
        #expect(parsed.commandPath == ["statedbg", "repl"])
        #expect(parsed.string("file") == "run.jsonl")
    }

    @Test func reportsANearMissOfASubcommandInsteadOfOpeningItAsAFile() throws {
        #expect(CommandFixtures.report(["rplay", "run.jsonl"]) == """
            statedbg: error: Unknown subcommand 'rplay'. Did you mean 'replay'?
            Usage: statedbg <subcommand>
              See 'statedbg --help' for more information.
            """)
        #expect(try CommandFixtures.command(["./rplay"]).string("file") == "./rplay")
    }

    @Test func recognisesHelpAndVersionRequests() throws {
        let root = CommandFixtures.root
        #expect(try CommandFixtures.parser.parse(["--help"]) == .help([root]))
        #expect(try CommandFixtures.parser.parse(["help", "replay"]) == .help([root, CommandFixtures.replay]))
        #expect(try CommandFixtures.parser.parse(["replay", "--vrify", "-h"]) == .help([root, CommandFixtures.replay]))
        #expect(try CommandFixtures.parser.parse(["--version"]) == .version("0.1.0"))
    }

    @Test func reportsAMissingValueWithUsageAndHelpPointer() {
        #expect(CommandFixtures.report(["replay", "run.jsonl", "--to"]) == """
            statedbg: error: Missing value for '--to <n>'.
            Usage: statedbg replay <file> [--verify] [--to <n>] [--quiet] [--json]
              See 'statedbg help replay' for more information.
            """)
        #expect(CommandFixtures.report(["replay", "run.jsonl", "--to", "--verify"]).hasPrefix(
            "statedbg: error: Missing value for '--to <n>'.\n"))
    }

    @Test func suggestsTheNearestOption() {
        #expect(CommandFixtures.report(["replay", "run.jsonl", "--vrify"]) == """
            statedbg: error: Unknown option '--vrify'. Did you mean '--verify'?
            Usage: statedbg replay <file> [--verify] [--to <n>] [--quiet] [--json]
              See 'statedbg help replay' for more information.
            """)
        #expect(CommandFixtures.report(["replay", "run.jsonl", "-verify"]).hasPrefix(
            "statedbg: error: Unknown option '-verify'. Did you mean '--verify'?\n"))
        #expect(CommandFixtures.report(["replay", "run.jsonl", "--zebra"]).hasPrefix(
            "statedbg: error: Unknown option '--zebra'.\n"))
    }

    @Test func reportsUnexpectedAndMissingArguments() {
        #expect(CommandFixtures.report(["replay", "run.jsonl", "x"]).hasPrefix("statedbg: error: Unexpected argument 'x'.\n"))
        #expect(CommandFixtures.report(["replay"]).hasPrefix("statedbg: error: Missing expected argument '<file>'.\n"))
    }

    @Test func reportsBadIntegersWhenRead() throws {
        let parsed = try CommandFixtures.command(["replay", "run.jsonl", "--to", "abc"])
        #expect(throws: CommandLineError(
            .invalidValue("abc", for: "--to <n>", expected: "an integer"),
            commandPath: ["statedbg", "replay"],
            usage: "statedbg replay <file> [--verify] [--to <n>] [--quiet] [--json]")
        ) {
            try parsed.int("to")
        }
    }

    @Test func rejectsValuesOnFlagsAndRepeatedSingleOptions() {
        #expect(CommandFixtures.report(["replay", "f", "--verify=yes"]).hasPrefix(
            "statedbg: error: The flag '--verify' does not take a value, but was given 'yes'.\n"))
        #expect(CommandFixtures.report(["replay", "f", "--to", "1", "--to", "2"]).hasPrefix(
            "statedbg: error: The option '--to <n>' was given more than once.\n"))
    }

    @Test func suggestsSubcommandsInHelpRequests() {
        #expect(CommandFixtures.report(["help", "rplay"]) == """
            statedbg: error: Unknown subcommand 'rplay'. Did you mean 'replay'?
            Usage: statedbg <subcommand>
              See 'statedbg --help' for more information.
            """)
    }

    @Test func runsTheDefaultSubcommandWhenNoneIsGiven() {
        #expect(CommandFixtures.report([]) == """
            statedbg: error: Missing expected argument '<file>'.
            Usage: statedbg repl <file>
              See 'statedbg help repl' for more information.
            """)
    }

    @Test func showsRequiredOptionsWithoutBracketsAndReportsThemMissing() {
        #expect(CommandFixtures.report(["record", "counter", "--steps", "5"]) == """
            statedbg: error: Missing expected argument '--output <out>'.
            Usage: statedbg record <example> --output <out> [--steps <n>] [--seed <s>]
              See 'statedbg help record' for more information.
            """)
    }
}
