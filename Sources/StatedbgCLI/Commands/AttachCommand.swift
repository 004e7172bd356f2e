import Foundation
import StateDebugger
import StateLive
import TerminalKit

/// `statedbg attach TARGET`: the REPL on a running app, through its live channel.
enum AttachCommand: Subcommand {
    static let spec = CommandSpec(
        name: "attach",
        abstract: "Open the interactive debugger on a running app through its live channel.",
        discussion: """
            TARGET is the app's process id (its socket is RUNTIME_DIR/PID.sock, where RUNTIME_DIR is \
            $XDG_RUNTIME_DIR/statedbg or statedbg-UID in the temporary directory), a socket path, or \
            HOST:PORT of a loopback TCP channel, which needs --token. The app opens the channel when its \
            recorder has RecorderOptions.live set or runs with STATEDBG_LIVE=1.

            The steps the app records stream into a local journal (--save names it; otherwise a \
            temporary one, removed at the end unless the app went away first), and everything the REPL \
            does on a file works on that growing timeline, whose cursor starts at the step the app is \
            at: each command first takes the steps that arrived and says so. The 'app' commands act on the app itself and say what they did: 'app \
            jump 12' ("the app's state is now step 12"), 'app undo', 'app redo', 'app dispatch TYPE \
            PAYLOAD', 'app mark NAME', 'app pause', 'app resume', 'app snapshot', 'app status'. When the \
            app exits or is killed, the REPL says so and keeps the timeline it has.

              statedbg serve users                     # terminal 1: a sample app; prints its pid
              statedbg attach PID                      # terminal 2: the REPL on it
              statedbg attach PID -c 'app status; log'    # or run commands and leave
            """,
        arguments: [ArgumentSpec("target", help: "The app: a process id, a socket path, or HOST:PORT.")],
        options: [
            .value("token", valueName: "token", help: "The token a TCP channel printed when it opened."),
            .value("save", valueName: "path", help: "Keep the streamed journal at <path> (it must not exist)."),
            .value("command", short: "c", valueName: "commands", help: "Run these ';'-separated commands instead of reading input."),
            .flag("echo", help: "Print each command before its output."),
        ] + ColourPolicy.options,
        exitStatuses: [
            .init(.success, "The session ended normally."),
            .init(.checkFailed, "A scripted command failed."),
            .usage,
            .init(.noInput, "No app listens at TARGET."),
            .init(.ioError, "The connection failed or the app refused it."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let target = arguments.string("target") ?? ""
        let endpoint: LiveEndpoint
        do {
            endpoint = try LiveEndpoint(target: target)
        } catch {
            throw CommandFailure(.usage, error.description)
        }
        let token = arguments.string("token")
        if case .tcp = endpoint, token == nil {
            throw CommandFailure(.usage, "A TCP live channel needs its token: statedbg attach \(target) --token TOKEN (the app printed it when it opened the port).")
        }
        let saved = arguments.string("save")
        if let saved, FileManager.default.fileExists(atPath: saved) {
            throw CommandFailure(.fileExists(path: saved))
        }
        let mirror: String
        if let saved { mirror = saved } else { mirror = try temporaryMirror() }
        let client: LiveClient
        do {
            client = try LiveClient(endpoint: endpoint, token: token, mirror: mirror)
        } catch {
            try? FileManager.default.removeItem(atPath: mirror)
            let missing = error.errno == ENOENT || error.errno == ECONNREFUSED
            let hint = missing ? " Is the app running with its live channel on (STATEDBG_LIVE=1, or RecorderOptions.live)?" : ""
            throw CommandFailure(missing ? .noInput : .ioError, "\(error.description.withoutFinalPeriod).\(hint)")
        }
        defer {
            client.close()
            if saved == nil, client.endReason == "the debugger closed the connection" {
                try? FileManager.default.removeItem(atPath: mirror)
            }
        }
        let journal = try CommandFailure.translating { () throws(DebuggerError) in try FollowedJournal(path: mirror) }
        let session = Session(source: journal, registry: context.registry)
        let script = arguments.string("command").map(ReplScript.commands(in:))
        let interactive = script == nil && context.terminal.isInputInteractive
        let policy = ColourPolicy(arguments)
        let colour = policy == .automatic ? interactive && context.terminal.allowsColour(policy) : policy == .always
        let interpreter = ReplInterpreter(session: session, colour: colour, isCancelled: context.isCancelled,
                                          commands: ReplInterpreter.builtInCommands + ReplInterpreter.appCommands)
        let app = AttachedApp(client: client, journal: journal, timeline: session.timeline, printer: StepPrinter(colour: colour))
        // A debugger that attaches stands where the program is: at the app's step, whose line arrived.
        if app.attachedStep > session.timeline.step, app.attachedStep <= journal.lastStep {
            _ = try CommandFailure.translating { () throws(DebuggerError) in try session.timeline.jump(to: app.attachedStep) }
        }
        interpreter.app = app
        interpreter.news = app
        interpreter.appTravels = client.greeting.abilities.travel
        if interactive || script != nil {
            context.output.print(app.greeting(place: "at \(endpoint)", session: session))
        }
        let loop = ReplLoop(interpreter: interpreter, terminal: context.terminal, interrupt: context.interrupt,
                            echo: arguments.flag("echo"))
        let status = script.map { loop.run(script: $0) } ?? loop.runInput()
        if let end = client.endReason, end != "the debugger closed the connection" {
            context.output.print("the app's \(journal.lastStep - journal.baseStep) steps are kept in \(mirror)")
        }
        return status
    }

    /// A new mirror journal's path in the per-user runtime directory.
    private static func temporaryMirror() throws(CommandFailure) -> String {
        let directory = LiveEndpoint.runtimeDirectory
        do {
            try LiveSocket.prepareDirectory(directory)
        } catch {
            throw CommandFailure(.ioError, error.description)
        }
        return "\(directory)/attach-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jsonl"
    }
}
