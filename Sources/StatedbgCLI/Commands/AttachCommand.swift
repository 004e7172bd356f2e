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
            $XDG_RUNTIME_DIR/statedbg, statedbg-UID in $TMPDIR, or /tmp/statedbg-UID, the first whose \
            socket path is short enough for every platform and, here, has the socket), a socket path, or \
            HOST:PORT of a loopback TCP channel, which needs --token. The app opens the channel when its \
            recorder has RecorderOptions.live set or runs with STATEDBG_LIVE=1.

            The steps the app records stream into a local journal (--save names it; otherwise a \
            temporary one, removed at the end unless the app went away first), and everything the REPL \
            does on a file works on that growing timeline, whose cursor starts at the step the app is \
            at: each command first takes the steps that arrived and says so. The 'app' commands act on the app itself and say what they did: 'app \
            jump 12' ("the app's state is now step 12"), 'app undo', 'app redo', 'app dispatch TYPE \
            PAYLOAD', 'app mark NAME', 'app pause', 'app resume', 'app snapshot', 'app status', 'app journal \
            -o FILE' (copies the app's journal here). When the app exits or is killed, the REPL says so and \
            keeps the timeline it has. With --web, attach serves the live timeline page instead of the \
            REPL: on 127.0.0.1 only (any free port, or --web-port), at the address it prints, whose \
            #token=… the page needs; the page shows each step as the app records it and its buttons and \
            text field jump, undo, redo, pause, resume and dispatch in the app. Ctrl-C stops it. For an app this machine cannot reach (on a device, in the \
            simulator), 'statedbg listen' waits for the app to connect instead.

              statedbg serve users                     # terminal 1: a sample app; prints its pid
              statedbg attach PID                      # terminal 2: the REPL on it
              statedbg attach PID -c 'app status; log'    # or run commands and leave
              statedbg attach PID --web                # or the live page in a browser
            """,
        arguments: [ArgumentSpec("target", help: "The app: a process id, a socket path, or HOST:PORT.")],
        options: [
            .value("token", valueName: "token", help: "The token a TCP channel printed when it opened."),
        ] + LiveSession.options,
        exitStatuses: [
            .init(.success, "The session ended normally."),
            .init(.checkFailed, "A scripted command failed."),
            .usage,
            .init(.noInput, "No app listens at TARGET."),
            .init(.ioError, "The connection failed or the app refused it."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        try LivePageSession.checkOptions(arguments, context)
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
        let mirror = try LiveSession.Mirror.make(saving: arguments.string("save"), prefix: "attach")
        let client: LiveClient
        do {
            client = try LiveClient(endpoint: endpoint, token: token, mirror: mirror.path)
        } catch {
            mirror.discard()
            let missing = error.errno == ENOENT || error.errno == ECONNREFUSED
            let hint = missing ? " Is the app running with its live channel on (STATEDBG_LIVE=1, or RecorderOptions.live)?" : ""
            throw CommandFailure(missing ? .noInput : .ioError, "\(error.description.withoutFinalPeriod).\(hint)")
        }
        return try LiveSession(client: client, mirror: mirror, place: "at \(endpoint)").run(arguments, context)
    }
}
