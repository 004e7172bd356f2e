import Foundation
import StateHTTP
import StateJSON
import StateLive
import StatePage
import StatePageBridge
import StateRecorder
import StateSync

/// The live page's server for `statedbg attach --web` and `statedbg listen --web`: it serves the page,
/// streams the app's journal lines, replies and notices to every open tab, and sends the tabs' commands
/// to the app through the live client.
///
/// Resources (see the TimelinePage article):
/// - `GET /`: the page, with no data in it (the one resource without the token);
/// - `GET /events?token=…`: server-sent events, each a message of the page's bridge (`hello`, `lines`,
///   `reply`, `notice`, `error`); a browser that reconnects sends `Last-Event-ID`, the count of journal
///   lines it has, and continues from there;
/// - `POST /command` with `Authorization: Bearer …`: a JSON request, answered with the app's reply.
final class LivePageSite: Sendable {
    /// The address to print: the page, with its token in the fragment (never sent to the server).
    let address: String
    private let server: HTTPServer
    private let client: LiveClient
    private let gate: HTTPGate
    private let page: [UInt8]
    private let limits: HTTPLimits
    private let state: Locked<State>

    private struct State {
        var lines: [String] = []
        var schema: JSONValue = .null
        var streams: [ObjectIdentifier: HTTPEventStream] = [:]
        var paused: Bool
        /// What the terminal is to say, printed by the session's loop (one thread prints).
        var news: [String] = []
        /// When a refusal was last said, and how many came since.
        var lastRefusal: ContinuousClock.Instant?
        var unsaidRefusals = 0
    }

    /// The most journal lines one `lines` event carries.
    static let linesPerEvent = 2000

    /// Serves the page of `client`'s app on 127.0.0.1:`port` (0: any free port) with a new token.
    init(client: LiveClient, port: UInt16, limits: HTTPLimits = HTTPLimits()) throws(HTTPServerError) {
        self.client = client
        self.limits = limits
        state = Locked(State(paused: client.greeting.paused))
        page = PageDocument.livePage(bridge: .http)
        server = try HTTPServer(port: port, limits: limits)
        let token = LiveToken.make()
        gate = HTTPGate(port: server.port, token: token)
        address = "http://127.0.0.1:\(server.port)/#token=\(token)"
        do {
            try server.start { [self] request in answer(request) }
        } catch {
            server.close()
            throw error
        }
    }

    /// Adds journal lines and sends them to every tab; a tab too slow to take them is dropped.
    func add(lines: [String]) {
        guard !lines.isEmpty else { return }
        state.withLock { state in
            if state.lines.isEmpty, let header = lines.first, case .object(let object)? = try? JSONValue(parsing: Array(header.utf8)) {
                state.schema = object["schema"] ?? .null
            }
            var start = 0
            while start < lines.count {
                let end = min(lines.count, start + Self.linesPerEvent)
                state.lines += lines[start..<end]
                let message = Self.linesMessage(lines[start..<end])
                for stream in state.streams.values { stream.send(message, id: String(state.lines.count)) }
                start = end
            }
        }
    }

    /// Sends a message (`notice`, `error`) to every tab.
    func broadcast(_ message: String) {
        state.withLock { state in
            for stream in state.streams.values { stream.send(message) }
        }
    }

    /// Notes that the app paused or resumed, for the greeting of tabs that open later.
    func notePaused(_ paused: Bool) {
        state.withLock { $0.paused = paused }
    }

    /// What happened since the last call, for the terminal.
    func takeNews() -> [String] {
        state.withLock { state in
            defer { state.news = [] }
            return state.news
        }
    }

    /// Ends every stream and the server.
    func close() {
        state.withLock { state in
            for stream in state.streams.values { stream.close() }
        }
        server.close()
    }

    // MARK: - Requests

    private func answer(_ request: HTTPRequest) -> HTTPServer.Answer {
        do throws(HTTPError) {
            switch (request.method, request.path) {
            case ("GET", "/"), ("GET", "/index.html"):
                try gate.check(request, needsToken: false)
                return .response(HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: page))
            case ("GET", "/events"):
                try gate.check(request, needsToken: true, tokenInQuery: true)
                return .events(openStream(request))
            case ("POST", "/command"):
                try gate.check(request, needsToken: true)
                guard request.field("content-type")?.lowercased().hasPrefix("application/json") == true else {
                    throw HTTPError(.unsupportedMediaType, "A command is sent as application/json.")
                }
                return .response(.json(command(request.body)))
            case (_, "/"), (_, "/index.html"), (_, "/events"), (_, "/command"):
                try gate.check(request, needsToken: false)
                throw HTTPError(.methodNotAllowed, "\(request.path) does not take \(request.method).")
            default:
                try gate.check(request, needsToken: false)
                throw HTTPError(.notFound, "There is nothing at \(request.path); the page is at /.")
            }
        } catch {
            if error.code == .unauthorized || error.code == .forbidden {
                let now = ContinuousClock.now
                state.withLock { state in
                    // Said at most once a second, so a page that keeps trying cannot flood the terminal.
                    if let last = state.lastRefusal, now - last < .seconds(1) {
                        state.unsaidRefusals += 1
                        return
                    }
                    let more = state.unsaidRefusals > 0 ? " (and \(state.unsaidRefusals) more refused before it)" : ""
                    state.news.append("refused a request for \(request.path): \(error.message)\(more)")
                    state.lastRefusal = now
                    state.unsaidRefusals = 0
                }
            }
            return .response(error.response)
        }
    }

    /// A new tab's stream: the greeting, then the journal lines it does not have, then what comes.
    private func openStream(_ request: HTTPRequest) -> HTTPEventStream {
        var greeting = client.greeting.fields
        greeting["paused"] = .bool(state.withLock { $0.paused })
        if let status = try? client.call(.status, timeout: .seconds(3)) {
            greeting["lastStep"] = .integer(Int64(status.lastStep))
            greeting["currentStep"] = .integer(Int64(status.currentStep))
            greeting["paused"] = .bool(status.paused)
        }
        let hello = JSONValue.object(["type": "hello", "greeting": .object(greeting)]).canonicalText
        let stream = HTTPEventStream(bufferLimit: limits.streamBufferBytes)
        let key = ObjectIdentifier(stream)
        stream.onEnd = { [self] ending in
            state.withLock { state in
                state.streams[key] = nil
                let why = switch ending {
                case .closedByClient: "it closed"
                case .tooSlow: "it did not keep up with the app, so it was dropped"
                case .writeFailed: "writing to it failed"
                case .closedByServer: "the server stopped"
                }
                state.news.append("page disconnected (\(why)); \(state.streams.count) open")
            }
        }
        state.withLock { state in
            var from = Int(request.field("last-event-id") ?? "") ?? 0
            if from < 0 || from > state.lines.count { from = 0 }
            var backlog: [(data: String, id: String?)] = [(hello, nil)]
            if let end = client.endReason {
                backlog.append((Self.endedMessage("The connection to the app has ended: \(end)"), nil))
            }
            var start = from
            while start < state.lines.count {
                let end = min(state.lines.count, start + Self.linesPerEvent)
                backlog.append((Self.linesMessage(state.lines[start..<end]), String(end)))
                start = end
            }
            stream.sendBacklog(backlog)
            state.streams[key] = stream
            state.news.append("page connected\(from > 0 ? " again, from line \(from + 1)" : ""); \(state.streams.count) open")
        }
        return stream
    }

    /// Sends a page's command to the app; the reply as the wire carries it, with the page's id.
    private func command(_ body: [UInt8]) -> String {
        let schema = state.withLock { $0.schema }
        let request: PageRequest
        let command: LiveCommand
        do {
            request = try PageRequest(json: body)
            command = try request.liveCommand(actionShapes: AppSchema(jsonValue: schema)?.actions ?? [:])
        } catch {
            return Self.replyText(LiveReply(id: error.id, error: error.description))
        }
        var reply: LiveReply
        do {
            reply = try client.request(command, timeout: .seconds(10))
            reply.id = request.id
        } catch {
            reply = LiveReply(id: request.id, error: error.description)
        }
        let outcome = reply.error ?? reply.fields["message"]?.stringValue ?? "done"
        state.withLock { state in
            state.news.append("page: \(command.name) → \(outcome)")
            if reply.ok, command == .pause || command == .resume {
                state.paused = command == .pause
                let notice = LiveNotice(command == .pause ? .paused : .resumed(queued: reply.fields["queued"]?.int64Value.map(Int.init) ?? 0))
                for stream in state.streams.values { stream.send(Self.noticeMessage(notice)) }
            }
        }
        return Self.replyText(reply)
    }

    // MARK: - Messages

    private static func replyText(_ reply: LiveReply) -> String {
        String(decoding: reply.line.dropLast(), as: UTF8.self)
    }

    static func linesMessage(_ lines: ArraySlice<String>) -> String {
        text(.lines(lines.map { Array($0.utf8) }))
    }

    static func noticeMessage(_ notice: LiveNotice) -> String {
        text(.notice(notice))
    }

    /// The message that tells the tabs the app is gone: no more lines will come.
    static func endedMessage(_ message: String) -> String {
        text(.ended(message))
    }

    /// A message as the page's bridge delivers it: the same JSON an app's web view gets.
    private static func text(_ message: PageMessage) -> String {
        String(decoding: message.json, as: UTF8.self)
    }
}
