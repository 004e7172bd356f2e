import Foundation
import StateDebugger
import StateLive
import TerminalKit

/// The REPL on a running app, once a ``LiveClient`` speaks to it: what `statedbg attach` and `statedbg
/// listen` both open, whichever side made the connection.
///
/// The steps the app streams go to a local journal, the *mirror* (``Mirror``), whose growing timeline
/// the REPL works on; the `app …` commands act on the app through ``AttachedApp``.
struct LiveSession {
    /// The options both commands take for the session.
    static let options: [OptionSpec] = [
        .value("save", valueName: "path", help: "Keep the streamed journal at <path> (it must not exist)."),
        .value("command", short: "c", valueName: "commands", help: "Run these ';'-separated commands instead of reading input."),
        .flag("echo", help: "Print each command before its output."),
    ] + LivePageSession.options + ColourPolicy.options

    /// The local journal the app's streamed lines go to: the one `--save` names, or a temporary one in
    /// the per-user runtime directory, removed when the session ends normally.
    struct Mirror {
        /// Where it is.
        let path: String
        /// Whether `--save` named it: it is kept.
        let isSaved: Bool

        /// The mirror `--save` asks for, refused when it exists; otherwise a new temporary one.
        static func make(saving saved: String?, prefix: String) throws(CommandFailure) -> Mirror {
            if let saved {
                if FileManager.default.fileExists(atPath: saved) { throw CommandFailure(.fileExists(path: saved)) }
                return Mirror(path: saved, isSaved: true)
            }
            let directory = LiveEndpoint.runtimeDirectory
            do {
                try LiveSocket.prepareDirectory(directory)
            } catch {
                throw CommandFailure(.ioError, error.description)
            }
            return Mirror(path: "\(directory)/\(prefix)-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jsonl", isSaved: false)
        }

        /// Removes the file a client that failed to connect made.
        func discard() {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    let client: LiveClient
    let mirror: Mirror
    /// Where the app is, for the first line: `at /run/user/1000/statedbg/4242.sock`, `from 127.0.0.1:50512`.
    let place: String

    /// Runs the REPL until `quit`, the end of input or of the `-c` commands, and returns its status.
    func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        defer {
            client.close()
            if !mirror.isSaved, client.endReason == "the debugger closed the connection" { mirror.discard() }
        }
        if arguments.flag("web") {
            return try LivePageSession(client: client, mirror: mirror).run(arguments, context)
        }
        let journal = try CommandFailure.translating { () throws(DebuggerError) in try FollowedJournal(path: mirror.path) }
        let session = Session(source: journal, registry: context.registry)
        let script = arguments.string("command").map(ReplScript.commands(in:))
        let interactive = script == nil && context.terminal.isInputInteractive
        let policy = ColourPolicy(arguments)
        let colour = policy == .automatic ? interactive && context.terminal.allowsColour(policy) : policy == .always
        let interpreter = ReplInterpreter(session: session, colour: colour, isCancelled: context.isCancelled,
                                          commands: ReplInterpreter.builtInCommands + ReplInterpreter.appCommands)
        let output = context.output
        let app = AttachedApp(client: client, journal: journal, timeline: session.timeline, printer: StepPrinter(colour: colour),
                              progress: { output.printError($0) })
        // A debugger that attaches stands where the program is: at the app's step, whose line arrived.
        if app.attachedStep > session.timeline.step, app.attachedStep <= journal.lastStep {
            _ = try CommandFailure.translating { () throws(DebuggerError) in try session.timeline.jump(to: app.attachedStep) }
        }
        interpreter.app = app
        interpreter.news = app
        interpreter.appTravels = client.greeting.abilities.travel
        if interactive || script != nil {
            output.print(app.greeting(place: place, session: session))
        }
        let loop = ReplLoop(interpreter: interpreter, terminal: context.terminal, interrupt: context.interrupt,
                            echo: arguments.flag("echo"))
        let status = script.map { loop.run(script: $0) } ?? loop.runInput()
        if let end = client.endReason, end != "the debugger closed the connection" {
            output.print("the app's \(journal.lastStep - journal.baseStep) steps are kept in \(mirror.path)")
        }
        return status
    }
}
