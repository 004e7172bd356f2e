import StateDebugger
import TerminalKit

/// `statedbg repl FILE` (and `statedbg FILE`): the interactive debugger.
enum ReplCommand: Subcommand {
    static let spec = CommandSpec(
        name: "repl",
        abstract: "Open a recording in the interactive debugger.",
        discussion: """
            At a terminal the prompt shows the step, '(statedbg 12/340)'; Tab completes commands and state \
            paths, Up and Down recall earlier lines (kept in $XDG_STATE_HOME/statedbg/history or \
            ~/.statedbg_history), Ctrl-C stops a long command and Ctrl-D quits. Type 'help' for the commands.

            Commands can also come from a pipe ('statedbg repl FILE < script') or from -c, separated by ';' \
            ('statedbg repl FILE -c "next 5; state .count"'): then there is no prompt and no colour, errors \
            go to standard error with the line or command number, and the exit status is 1 if any command failed.

            $ statedbg repl Recordings/counter.jsonl -c 'jump 3; state .counter'
            step 3  counter.decrease
                {
              -   "counter": -2
              +   "counter": -3
                }
            -3
            """,
        arguments: [.file],
        options: [
            .value("command", short: "c", valueName: "commands", help: "Run these ';'-separated commands instead of reading input."),
            .flag("echo", help: "Print each command before its output."),
            .flag("follow", short: "f", help: "Follow a journal still being written: each command first takes the steps added since."),
        ] + ColourPolicy.options,
        exitStatuses: [
            .init(.success, "The session ended normally."),
            .init(.checkFailed, "A scripted command failed."),
        ] + CommandSpec.StatusNote.reading)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let path = arguments.string("file") ?? ""
        let followed = try arguments.flag("follow") ? FollowCommandSupport.open(path) : nil
        let source: any RecordingSource
        if let followed { source = followed } else { source = try context.open(path, migrating: true) }
        if let export = source as? ReduxDevToolsImport, !export.hasStates {
            context.noteStatesNotExported(export, "so the steps after it show their actions only")
        }
        let session = Session(source: source, registry: context.registry)
        let script = arguments.string("command").map(ReplScript.commands(in:))
        let interactive = script == nil && context.terminal.isInputInteractive
        let policy = ColourPolicy(arguments)
        let colour = policy == .automatic ? interactive && context.terminal.allowsColour(policy) : policy == .always
        let interpreter = ReplInterpreter(session: session, colour: colour, isCancelled: context.isCancelled)
        if let followed { interpreter.news = FollowNews(journal: followed, timeline: session.timeline, prefix: "followed") }
        let loop = ReplLoop(interpreter: interpreter, terminal: context.terminal, interrupt: context.interrupt,
                            echo: arguments.flag("echo"))
        if let script { return loop.run(script: script) }
        return loop.runInput()
    }
}
