import Foundation
import StateLive
import StateRecorder
import TerminalKit

/// `statedbg listen`: waits for an app to connect out to the debugger, then opens the REPL on it, as
/// `statedbg attach` does on an app it reaches itself.
enum ListenCommand: Subcommand {
    static let spec = CommandSpec(
        name: "listen",
        abstract: "Wait for an app to connect out to this debugger, then open the interactive debugger on it.",
        discussion: """
            For an app the debugger cannot reach (on a device, in the simulator, in a container): listen \
            prints one line, 'connect with: STATEDBG_CONNECT=HOST:PORT STATEDBG_TOKEN=TOKEN', and waits. An \
            app started with those two environment variables (in Xcode: the scheme's Run > Arguments > \
            Environment Variables), or with RecorderOptions.LiveChannel.dialingOut(to:token:), connects \
            here, and the REPL opens on it as 'statedbg attach' does: the same commands, 'app journal -o \
            FILE' included. With --web, the live timeline page is served instead of the REPL once the app \
            has connected, as 'statedbg attach --web' serves it.

            listen takes connections on 127.0.0.1 unless --bind says otherwise: apps on this machine and \
            in the simulator reach it there. For a device, --bind 0.0.0.0 takes them on every address of \
            this machine (or --bind ADDRESS on one), and HOST is then this machine's first network address, \
            unless --host names the address or name the device should dial. Whoever can reach the port can \
            connect, but an app is served only if it proves it holds the token, and the app serves this \
            debugger only if it proves it too; neither sends the token. The stream is not encrypted: on a \
            network you do not trust, anyone who can watch it sees the app's states.

            The token is new each time unless --token gives one. An app whose debugger went away records \
            on and dials again, every 10 seconds at most; a listener started again with the same --port \
            and --token takes it back. One app is served at a time.

            To try it, run the first line in one terminal and the second, with the values listen printed, \
            in another:

              statedbg listen --port 7070
              STATEDBG_CONNECT=127.0.0.1:7070 STATEDBG_TOKEN=TOKEN statedbg serve users
            """,
        options: [
            .value("port", short: "p", valueName: "port", defaultValue: "0", help: "The port to listen on; 0 for any free port."),
            .value("bind", valueName: "address", defaultValue: "127.0.0.1", help: "The address to listen on; 0.0.0.0 for every address of this machine."),
            .value("host", valueName: "host", help: "The host the printed line tells apps to dial (default: the address listened on)."),
            .value("token", valueName: "token", help: "The token apps must hold (default: 32 new random hexadecimal digits)."),
            .value("timeout", valueName: "seconds", help: "Give up when no app has connected within <seconds>."),
        ] + LiveSession.options,
        exitStatuses: [
            .init(.success, "The session ended normally."),
            .init(.checkFailed, "A scripted command failed."),
            .usage,
            .init(.noInput, "No app connected within --timeout."),
            .init(.ioError, "The port could not be opened."),
            .interrupted,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        try LivePageSession.checkOptions(arguments, context)
        let portText = arguments.string("port") ?? "0"
        guard let port = UInt16(portText) else {
            throw context.usageError(arguments, .invalidValue(portText, for: "--port <port>", expected: "a port from 0 to 65535"))
        }
        let token = arguments.string("token") ?? LiveToken.make()
        if let problem = LiveToken.problem(with: token) {
            throw context.usageError(arguments, .invalidValue(token, for: "--token <token>", expected: problem.withoutFinalPeriod))
        }
        let timeout = try context.int(arguments, "timeout")
        if let timeout, timeout < 1 {
            throw context.usageError(arguments, .invalidValue(String(timeout), for: "--timeout <seconds>", expected: "1 or more"))
        }
        let listener: LiveDialInListener
        do {
            listener = try LiveDialInListener(bind: arguments.string("bind") ?? "127.0.0.1", port: port, token: token)
        } catch {
            throw CommandFailure(.ioError, error.description)
        }
        defer { listener.close() }
        let host = listener.hostForApps(advertised: arguments.string("host"))
        let variables = RecorderOptions.LiveChannel.DialOut.self
        context.output.print("connect with: \(variables.addressVariable)=\(LiveEndpoint.tcp(host: host, port: listener.port)) \(variables.tokenVariable)=\(token)")
        context.output.flush()
        if !listener.isLoopback {
            context.warn("listening on \(listener.address), which other machines can reach: an app is served only if it proves it holds the token, but the stream is not encrypted; use a network you trust.")
        }
        if listener.isWildcard, arguments.string("host") == nil, host == "127.0.0.1" {
            context.warn("this machine has no network address other than loopback, so a device cannot dial it; give the address or name it has for the device with --host.")
        }
        return try serveFirstApp(listener, arguments, context, deadline: timeout.map { ContinuousClock.now + .seconds($0) })
    }

    /// Waits for an app that proves the token and runs the session on it; an app that cannot is told
    /// why on standard error (once, not again each time it dials), and the wait goes on.
    private static func serveFirstApp(_ listener: LiveDialInListener, _ arguments: ParsedArguments, _ context: CommandContext,
                                      deadline: ContinuousClock.Instant?) throws(CommandFailure) -> ExitStatus {
        var lastRefusal: String?
        while true {
            if context.isCancelled() { throw CommandFailure(.interrupted, "Interrupted: no app connected to \(listener.address).") }
            if let deadline, ContinuousClock.now >= deadline {
                throw CommandFailure(.noInput, "No app connected to \(listener.address) in time; start it with the STATEDBG_CONNECT and STATEDBG_TOKEN printed above.")
            }
            let connection: (descriptor: Int32, peer: LiveEndpoint)?
            do {
                connection = try listener.accept(within: .milliseconds(200))
            } catch {
                throw CommandFailure(.ioError, error.description)
            }
            guard let (descriptor, peer) = connection else { continue }
            let mirror = try LiveSession.Mirror.make(saving: arguments.string("save"), prefix: "listen")
            let client: LiveClient
            do {
                client = try LiveClient(dialedIn: descriptor, from: peer, token: listener.token, mirror: mirror.path)
            } catch {
                mirror.discard()
                // An app dialing again comes from another port; the same refusal is no news.
                guard case .tcp(let host, _) = peer else { continue }
                let refusal = error.description.replacingOccurrences(of: "\(peer)", with: host)
                if refusal != lastRefusal { context.warn("\(error.description.withoutFinalPeriod); still waiting for an app.") }
                lastRefusal = refusal
                continue
            }
            // One app per session: another that dials now is refused by the system, and dials again later.
            listener.close()
            return try LiveSession(client: client, mirror: mirror, place: "from \(peer)").run(arguments, context)
        }
    }
}
