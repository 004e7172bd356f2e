import Foundation
import StateHTTP
import StateLive
import TerminalKit

/// `--web` of `statedbg attach` and `statedbg listen`: instead of the REPL, the live page is served on
/// 127.0.0.1 until Ctrl-C, and the terminal says what happens (tabs opening and closing, the commands
/// they send, the app going away).
///
/// ```text
/// live page for users (pid 4242): http://127.0.0.1:50123/#token=9f2c…
/// open it in a browser on this machine; Ctrl-C stops
/// page connected; 1 open
/// page: jump → the app's state is now step 3
/// ```
struct LivePageSession {
    /// The options both commands take for it.
    static let options: [OptionSpec] = [
        .flag("web", help: "Serve the live timeline page on 127.0.0.1 instead of opening the REPL; prints its address."),
        .value("web-port", valueName: "port", help: "The port of --web's page (default: any free port)."),
    ]

    let client: LiveClient
    let mirror: LiveSession.Mirror

    /// Refuses --web-port without --web, --web with --command, and a port that is none; the port asked
    /// for (0: any). Checked before the app is reached, so a mistake costs no connection.
    @discardableResult
    static func checkOptions(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> UInt16 {
        let portText = arguments.string("web-port")
        guard arguments.flag("web") else {
            if portText != nil { throw CommandFailure(.usage, "--web-port sets the port of --web's page; add --web.") }
            return 0
        }
        if arguments.string("command") != nil {
            throw CommandFailure(.usage, "--web serves the live page instead of the REPL, so it takes no --command.")
        }
        guard let port = UInt16(portText ?? "0") else {
            throw context.usageError(arguments, .invalidValue(portText ?? "", for: "--web-port <port>", expected: "a port from 0 to 65535"))
        }
        return port
    }

    /// Serves the page until Ctrl-C; the status is success when stopped so.
    func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let port = try Self.checkOptions(arguments, context)
        let site: LivePageSite
        do {
            site = try LivePageSite(client: client, port: port)
        } catch {
            throw CommandFailure(.ioError, error.description)
        }
        defer { site.close() }
        var tail = try MirrorTail(path: mirror.path)
        defer { tail.close() }
        let output = context.output
        let greeting = client.greeting
        output.print("live page for \(greeting.app) (pid \(greeting.pid)): \(site.address)")
        output.print("open it in a browser on this machine; Ctrl-C stops")
        output.flush()
        var reportedEnd = false
        var taken = 0
        while !context.isCancelled() {
            let lines = tail.newLines()
            taken += lines.count
            site.add(lines: lines)
            for event in client.takeNotices() {
                switch event {
                case .paused: site.notePaused(true)
                case .resumed: site.notePaused(false)
                case .dropped, .closed, .rebased, .dialed, .trap: break
                }
                site.broadcast(LivePageSite.noticeMessage(LiveNotice(event)))
            }
            if !reportedEnd, let end = client.endReason, client.hasNoMoreLines {
                reportedEnd = true
                site.add(lines: tail.newLines())
                site.broadcast(LivePageSite.endedMessage("The connection to the app has ended: \(end)"))
                output.print("the app's connection ended: \(end); the page keeps its steps; Ctrl-C stops")
                output.flush()
            }
            let news = site.takeNews()
            if !news.isEmpty {
                for line in news { output.print(line) }
                output.flush()
            }
            // Woken by the next line the client mirrors, so a step goes on to the pages at once; the
            // timeout keeps Ctrl-C, notices and the tabs' news prompt.
            if client.endReason == nil {
                client.waitForMirror(lines: taken + 1, timeout: 0.02)
            } else {
                usleep(20_000)
            }
        }
        output.print("stopped serving the live page")
        if !mirror.isSaved, reportedEnd { output.print("the app's steps are kept in \(mirror.path)") }
        return .success
    }
}
