import Testing
@testable import TerminalKit

@Suite struct HelpRendererTests {
    @Test func rendersASubcommandWithArgumentsOptionsAndExitStatuses() {
        let help = HelpRenderer().render(commandPath: [CommandFixtures.root, CommandFixtures.replay])
        #expect(help == """
            OVERVIEW: Replay a recording, printing each step's action label and the state
            diff it caused.

            USAGE: statedbg replay <file> [--verify] [--to <n>] [--quiet] [--json]

            ARGUMENTS:
              <file>                  The recording to replay.

            OPTIONS:
              --verify                Check every recorded state against the replayed one.
              --to <n>                Stop after step <n>.
              -q, --quiet             Print only the summary.
              --json                  Print JSON lines instead of text.
              -h, --help              Show help information.

            EXIT STATUS:
              0                       Every step replayed.
              1                       A replayed state differed from the recorded one.
              64                      The command line was wrong.

            """)
    }

    @Test func rendersTheRootWithSubcommandsAndTheHelpPointer() {
        let help = HelpRenderer().render(commandPath: [CommandFixtures.root])
        #expect(help == """
            OVERVIEW: A time-travel debugger for recorded Redux-style stores.

            USAGE: statedbg <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            EXIT STATUS:
              0                       Success.
              1                       A check failed: a divergence, or a predicate that
                                      never held.
              64                      The command line was wrong.
              65                      A recording was malformed.

            SUBCOMMANDS:
              replay                  Replay a recording, printing each step's action label
                                      and the state diff it caused.
              repl (default)          Start an interactive session.
              diff                    Compare two states.
              log                     List the recorded actions.
              record                  Record a generated session of an example app.

              See 'statedbg help <subcommand>' for detailed help.

            """)
    }

    @Test func putsDescriptionsOfLongLabelsOnTheNextLineAndShowsDefaults() {
        let help = HelpRenderer().render(commandPath: [CommandFixtures.root, CommandFixtures.record])
        #expect(help == """
            OVERVIEW: Record a generated session of an example app.

            USAGE: statedbg record <example> --output <out> [--steps <n>] [--seed <s>]

            ARGUMENTS:
              <example>               counter, bank, tracker or users.

            OPTIONS:
              -o, --output <out>      Where to write the recording.
              --steps <n>             How many actions to generate. (default: 100)
              --seed <s>              The random seed.
              -h, --help              Show help information.

            """)
        let long = CommandSpec(
            name: "t",
            arguments: [ArgumentSpec("a-very-long-argument-name", help: "Goes below.", isOptional: true, isVariadic: true)])
        #expect(HelpRenderer().render(commandPath: [long]) == """
            USAGE: t [<a-very-long-argument-name> ...]

            ARGUMENTS:
              <a-very-long-argument-name>
                                      Goes below.

            OPTIONS:
              -h, --help              Show help information.

            """)
    }

    @Test func matchesTheDocumentedExample() {
        let replay = CommandSpec(
            name: "replay", abstract: "Replay a recording.",
            arguments: [ArgumentSpec("file", help: "The recording to replay.")],
            options: [.value("to", valueName: "n", help: "Stop after step <n>.")])
        let root = CommandSpec(name: "statedbg", subcommands: [replay])
        #expect(HelpRenderer().render(commandPath: [root, replay]) == """
            OVERVIEW: Replay a recording.

            USAGE: statedbg replay <file> [--to <n>]

            ARGUMENTS:
              <file>                  The recording to replay.

            OPTIONS:
              --to <n>                Stop after step <n>.
              -h, --help              Show help information.

            """)
    }

    @Test func summarisesManyOptionsInTheUsageLine() {
        let options = (1...12).map { OptionSpec.flag("flag\($0)") }
        let spec = CommandSpec(name: "t", arguments: [ArgumentSpec("file")], options: options)
        #expect(HelpRenderer.usage(commandPath: [spec]) == "t [<options>] <file>")
    }

    @Test func wrapsOverviewAndDiscussionAtTheGivenWidth() {
        let spec = CommandSpec(
            name: "t", abstract: "One two three four five six seven.", discussion: "Eight nine ten eleven twelve.")
        #expect(HelpRenderer(width: 46).render(commandPath: [spec]) == """
            OVERVIEW: One two three four five six seven.

            Eight nine ten eleven twelve.

            USAGE: t

            OPTIONS:
              -h, --help              Show help
                                      information.

            """)
    }
}
