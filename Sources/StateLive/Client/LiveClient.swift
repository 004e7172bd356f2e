import Foundation
import StateJSON
import StateSync

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

// Safe because what the reading thread shares is behind `shared`'s lock, and the descriptors and the greeting are
// set in init, before the thread or any caller can read them (hence `@unchecked`).
/// A debugger's connection to a running app's live channel.
///
/// It says hello, subscribes, and from then on a thread of its own copies the journal lines the app
/// streams into a local *mirror* journal, whole lines only, which a journal reader that follows the
/// file reads. When the app goes away (even killed), the mirror keeps every step that arrived.
/// ``call(_:timeout:)`` sends a command and returns its answer, typed.
///
/// ```swift
/// let client = try LiveClient(endpoint: .unix("/run/user/1000/statedbg/4242.sock"), mirror: "users-live.jsonl")
/// print(client.greeting.app, client.greeting.lastStep)     // users 7
/// let travel = try client.call(.jump(step: 3))
/// print(travel.message)                                     // the app's state is now step 3
/// ```
package final class LiveClient: @unchecked Sendable {
    /// Where the app listens.
    package let endpoint: LiveEndpoint
    /// The local journal the streamed lines go to.
    package let mirrorPath: String
    /// The app's answer to hello: who it is, where it stands, what it lets a debugger do.
    package private(set) var greeting: LiveGreeting
    /// The app's answer to the subscription: where the streamed lines start.
    package private(set) var subscription: LiveSubscription

    private let descriptor: Int32
    private let mirror: Int32
    private let shared = Locked(Shared())

    /// What the reading thread and the callers share.
    private struct Shared {
        var replies: [JSONValue: LiveReply] = [:]
        var notices: [LiveNotice] = []
        /// Whether the app said no more journal lines will come (its recorder closed, or it dropped this client).
        var linesEnded = false
        /// Why, as the app said it: kept apart from the notices, which a caller may have taken already.
        var endingReason: String?
        var ended: String?
        var mirroredLines = 0
        var nextID: Int64 = 1
        var descriptorClosed = false
        var readerFinished = false
    }

    /// How the client shows the app it may be served.
    private enum Credential {
        /// Over TCP, the token the app printed; nothing over its Unix socket.
        case token(String?)
        /// To an app that dialed out: the proof of this token, answering the app's challenge.
        case proof(token: String)
    }

    /// Connects, says hello (with `token` over TCP) and subscribes from step `from` (0: everything
    /// the app holds), streaming into a new mirror file at `mirror` (mode 0600; it must not exist).
    ///
    /// - Throws: ``LiveChannelError`` when the app cannot be reached, refuses, or does not answer in time.
    package convenience init(endpoint: LiveEndpoint, token: String? = nil, mirror: String, from: Int = 0,
                             client: String = "statedbg") throws(LiveChannelError) {
        try self.init(connection: try LiveSocket.connect(endpoint), endpoint: endpoint, token: token, mirror: mirror,
                      from: from, client: client)
    }

    /// Speaks the protocol over a connection made already (by whatever transport reached the app):
    /// says hello, subscribes and mirrors as ``init(endpoint:token:mirror:from:client:)`` does. The
    /// client owns the connection from now on, and closes it on failure too.
    ///
    /// - Throws: ``LiveChannelError`` when the mirror cannot be made, or the app refuses or does not answer.
    package convenience init(connection: Int32, endpoint: LiveEndpoint, token: String? = nil, mirror: String, from: Int = 0,
                             client: String = "statedbg") throws(LiveChannelError) {
        try self.init(connection: connection, endpoint: endpoint, credential: .token(token), mirror: mirror, from: from,
                      client: client)
    }

    /// Speaks the protocol to an app that dialed this debugger (``LiveDialInListener/accept(within:)``):
    /// answers the app's challenge with its proof of `token`, checks the app's proof in its greeting,
    /// then subscribes and mirrors as ``init(endpoint:token:mirror:from:client:)`` does.
    ///
    /// - Parameter peer: Where the app connected from, for messages.
    /// - Throws: ``LiveChannelError`` when the app sent no challenge, refused the proof (it holds another
    ///   token), could not prove it holds the token, or does not answer.
    package convenience init(dialedIn connection: Int32, from peer: LiveEndpoint, token: String, mirror: String,
                             client: String = "statedbg listen") throws(LiveChannelError) {
        try self.init(connection: connection, endpoint: peer, credential: .proof(token: token), mirror: mirror, from: 0,
                      client: client)
    }

    private init(connection: Int32, endpoint: LiveEndpoint, credential: Credential, mirror: String, from: Int,
                 client: String) throws(LiveChannelError) {
        self.endpoint = endpoint
        mirrorPath = mirror
        descriptor = connection
        let file = open(mirror, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
        guard file >= 0 else {
            let code = errno
            LiveSocket.close(connection)
            throw .system("cannot create the mirror journal \(mirror)", code)
        }
        self.mirror = file
        // Placeholders until the app answers; nothing reads them before init returns.
        greeting = LiveGreeting(app: "", pid: 0, lastStep: 0, currentStep: 0, paused: false,
                                abilities: LiveAbilities(travel: false, dispatch: false, pause: false))
        subscription = LiveSubscription(from: from, firstStep: 0, lastStep: 0)
        let thread = Thread { [self] in readLoop() }
        thread.name = "statedbg live client"
        thread.start()
        do throws(LiveChannelError) {
            greeting = try hello(credential, client: client)
            subscription = try opening(.subscribe(from: from), refusal: "refused to stream its journal")
            try waitForHeader()
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Says hello with the credential, and for an app that dialed in checks its proof.
    private func hello(_ credential: Credential, client: String) throws(LiveChannelError) -> LiveGreeting {
        switch credential {
        case .token(let token):
            return try opening(.hello(client: client, token: token), refusal: "refused the connection")
        case .proof(let token):
            let challenge = try appChallenge()
            let mine = LiveToken.make()
            let proof = LiveProof(answer: LiveToken.proof(.debugger, token: token, challenge: challenge), challenge: mine)
            let greeting = try opening(.hello(client: client, proof: proof), refusal: "refused the connection")
            guard let answer = greeting.proof, LiveToken.same(answer, LiveToken.proof(.app, token: token, challenge: mine)) else {
                throw LiveChannelError("The app at \(endpoint) did not prove it holds the token (its greeting has \(greeting.proof == nil ? "no proof" : "a wrong proof")); it is not served.")
            }
            return greeting
        }
    }

    /// The challenge an app that dialed in sends first.
    private func appChallenge() throws(LiveChannelError) -> String {
        let challenge = shared.withLock(when: { shared in shared.ended != nil || shared.notices.contains { $0.kind == .dialed } },
                                        timeout: .seconds(5)) { shared, _ -> String? in
            guard let index = shared.notices.firstIndex(where: { $0.kind == .dialed }),
                  case .dialed(let challenge) = shared.notices.remove(at: index).event else { return nil }
            return challenge
        }
        guard let challenge, !challenge.isEmpty else {
            throw LiveChannelError("The connection from \(endpoint) is not a statedbg app dialing out: it sent no challenge within 5 seconds (\(endReason ?? "it stayed silent")).")
        }
        return challenge
    }

    /// A call made while connecting, whose failure ends the connection with a sentence naming the app.
    private func opening<Answer>(_ call: LiveCall<Answer>, refusal: String) throws(LiveChannelError) -> Answer {
        do {
            return try self.call(call, timeout: .seconds(10))
        } catch {
            switch error {
            case .channel(let failure): throw failure
            case .refused(let message): throw LiveChannelError("The app at \(endpoint) \(refusal): \(message)")
            case .unreadable(let detail): throw LiveChannelError("The app at \(endpoint) answered \(call.command.name) unreadably: \(detail)")
            }
        }
    }

    /// Sends a command and returns its answer.
    ///
    /// - Throws: ``LiveCallError/refused(_:)`` with the app's sentence when it refused;
    ///   ``LiveCallError/channel(_:)`` when the connection ended or no reply came within `timeout`;
    ///   ``LiveCallError/unreadable(_:)`` when the reply lacks what the command's answer holds.
    package func call<Answer>(_ call: LiveCall<Answer>, timeout: Duration = .seconds(30)) throws(LiveCallError) -> Answer {
        let reply: LiveReply
        do {
            reply = try request(call.command, timeout: timeout)
        } catch {
            throw .channel(error)
        }
        if let error = reply.error { throw .refused(error) }
        do {
            return try reply.answer(to: call)
        } catch {
            throw .unreadable(error)
        }
    }

    /// Sends a command and waits for its reply, as it came.
    ///
    /// - Throws: ``LiveChannelError`` when the connection has ended or no reply came within `timeout`.
    package func request(_ command: LiveCommand, timeout: Duration = .seconds(30)) throws(LiveChannelError) -> LiveReply {
        let (id, ended) = shared.withLock { shared -> (JSONValue, String?) in
            defer { shared.nextID += 1 }
            return (.integer(shared.nextID), shared.ended)
        }
        if let ended { throw LiveChannelError("The connection to the app has ended: \(ended)") }
        do {
            try LiveSocket.sendAll(descriptor, LiveRequest(id: id, command: command).line)
        } catch {
            // The app went away: say why, as the reading thread learns it.
            let ended = shared.withLock(when: { $0.ended != nil }, timeout: .seconds(2)) { shared, _ in shared.ended }
            throw ended.map { LiveChannelError("The connection to the app has ended: \($0)") } ?? error
        }
        let outcome = shared.withLock(when: { $0.replies[id] != nil || $0.ended != nil }, timeout: timeout) { shared, _ in
            (shared.replies.removeValue(forKey: id), shared.ended)
        }
        if let reply = outcome.0 { return reply }
        if let ended = outcome.1 { throw LiveChannelError("The connection to the app has ended: \(ended)") }
        throw LiveChannelError("The app did not answer \(command.name) within \(timeout.secondsText).")
    }

    /// Why the connection ended, or `nil` while it lasts.
    package var endReason: String? {
        shared.withLock { $0.ended }
    }

    /// Whether no more journal lines will come: the connection ended, or the app said its recorder
    /// closed or it dropped this client (which ``takeNotices()`` reports once; this stays true).
    package var hasNoMoreLines: Bool {
        shared.withLock { $0.ended != nil || $0.linesEnded }
    }

    /// The notices that came since the last call (the app paused, resumed, closed, …).
    package func takeNotices() -> [LiveNotice.Event] {
        shared.withLock { shared -> [LiveNotice.Event] in
            defer { shared.notices = [] }
            return shared.notices.map(\.event)
        }
    }

    /// Waits until the journal line count of the mirror reaches `lines` or `timeout` seconds pass.
    @discardableResult
    package func waitForMirror(lines: Int, timeout: Double) -> Bool {
        shared.withLock(when: { $0.mirroredLines >= lines || $0.ended != nil }, timeout: .milliseconds(Int64(timeout * 1000))) {
            shared, _ in shared.mirroredLines >= lines
        }
    }

    /// Ends the connection; the mirror keeps what arrived.
    package func close() {
        let first = shared.withLock { shared -> Bool in
            if shared.ended == nil { shared.ended = "the debugger closed the connection" }
            defer { shared.descriptorClosed = true }
            return !shared.descriptorClosed
        }
        shared.wakeWaiters()
        guard first else { return }
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        shared.withLock(when: { $0.readerFinished }) { _ in }
        LiveSocket.close(descriptor)
    }

    private func waitForHeader() throws(LiveChannelError) {
        guard waitForMirror(lines: 1, timeout: 10) else {
            throw LiveChannelError("The app at \(endpoint) sent no journal header: \(endReason ?? "it stayed silent for 10 seconds").")
        }
    }

    private func readLoop() {
        // A journal line holds a whole state: no limit but memory.
        var splitter = LiveLineSplitter(limit: Int.max / 2)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var why = "the app closed the connection"
        while true {
            // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                if count < 0 { why = "reading from the app failed: \(String(cString: strerror(errno)))" }
                break
            }
            var journal: [UInt8] = []
            var lines = 0
            var received: [LiveReply] = []
            var arrived: [LiveNotice] = []
            buffer.withUnsafeBytes { bytes in
                splitter.append(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { piece in
                    guard case .line(let line) = piece, !line.isEmpty else { return }
                    if line.starts(with: Array(#"{"reply""#.utf8)) || line.starts(with: Array(#"{"live""#.utf8)) {
                        guard case .object(let object)? = try? JSONValue(parsing: line) else { return }
                        if let reply = LiveReply(object) { received.append(reply) }
                        if let notice = LiveNotice(object) { arrived.append(notice) }
                    } else {
                        journal += line
                        journal.append(0x0A)
                        lines += 1
                    }
                }
            }
            if !journal.isEmpty { writeMirror(journal) }
            shared.withLock { shared in
                shared.mirroredLines += lines
                for reply in received { shared.replies[reply.id] = reply }
                shared.notices += arrived
                for notice in arrived {
                    switch notice.event {
                    case .dropped(let reason), .closed(let reason):
                        shared.linesEnded = true
                        shared.endingReason = reason
                    case .paused, .resumed, .rebased, .dialed, .trap:
                        break
                    }
                }
            }
            shared.wakeWaiters()
        }
        let unfinished = splitter.unfinished
        shared.withLock { shared in
            if shared.ended == nil {
                if let reason = shared.endingReason {
                    why = reason
                } else if why == "the app closed the connection" {
                    why = "the connection to the app ended without a goodbye: the app exited or was killed"
                }
                if unfinished > 0 { why += " (a last line of \(unfinished) bytes was cut off and left out)" }
                shared.ended = why
            }
            _ = Foundation.close(mirror)
            shared.readerFinished = true
        }
        shared.wakeWaiters()
    }

    private func writeMirror(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
            let written = bytes.withUnsafeBytes { write(mirror, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
