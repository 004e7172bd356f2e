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

// Safe because the clients, their history and the transports' sockets are used only by the server's own thread (other
// threads read only the transports' constant endpoints), and what other threads hand it goes through the inbox's lock
// (hence `@unchecked`).
/// The app's end of the live channel: takes connections through its transports, greets clients, streams
/// the journal's lines to those that subscribe and runs their commands on the app (a ``LiveApp``).
///
/// It has one thread of its own, which polls the sockets. The journal's writer thread hands it each
/// batch of lines it wrote (``publish(_:steps:)``): a copy into an inbox whose lock nothing holds for
/// longer than a copy, so the writer (and through it, the app) never waits for a send. The server moves
/// the inbox into the history it streams from at most every couple of milliseconds. Each client reads
/// the shared history at its own pace; one that falls more than
/// ``LiveServerConfiguration/clientBufferBytes`` behind is dropped with a notice.
///
/// No client can hold the server: a connection that does not say hello in time is closed and never
/// counts as a client; each client's commands run one at a time, in turn with the others', and only
/// once it has read the replies before them; a client that leaves its replies unread is dropped.
package final class LiveServer: @unchecked Sendable {
    /// How connections reach the app.
    package let transports: [any LiveTransport]
    private let handshake: LiveHandshake
    private let app: any LiveApp
    private let inbox = Locked(LiveInbox())
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let finished = Locked(false)

    /// The connections and the history; only the server's thread touches them.
    private let clients: LiveClients

    /// Starts serving `app` through `transports`; a failure closes them.
    ///
    /// - Parameters:
    ///   - header: The journal's header line, with which every subscription starts.
    ///   - firstStep: The header's first step.
    /// - Throws: ``LiveChannelError`` when the server's wake-up pipe cannot be made.
    package init(transports: [any LiveTransport], configuration: LiveServerConfiguration, header: [UInt8],
                 firstStep: Int, app: any LiveApp) throws(LiveChannelError) {
        self.transports = transports
        handshake = LiveHandshake(configuration: configuration)
        self.app = app
        clients = LiveClients(configuration: configuration, header: header, firstStep: firstStep)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            let code = errno
            for transport in transports { transport.close() }
            throw .system("cannot create the live server's wake-up pipe", code)
        }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        for end in pipeEnds {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        do {
            // 8 MiB, as the journal writer's: the server decodes the debugger's actions and encodes
            // snapshots of the app's state, which may nest deeply, where Apple platforms would give
            // 512 KiB. At the quality of service of the app's thread, which waits for it in close().
            try DetachedThread.start(name: "statedbg live server", stackBytes: 8 << 20) { [self] in run() }
        } catch {
            for transport in transports { transport.close() }
            LiveSocket.close(wakeRead)
            LiveSocket.close(wakeWrite)
            throw LiveChannelError("statedbg could not start the live server: \(error)", errno: error.errno)
        }
    }

    /// The Unix socket's path, when a transport listens on one.
    package var socketPath: String? {
        transports.lazy.compactMap { ($0 as? LiveUnixListener)?.path }.first
    }

    /// The loopback TCP port and its token, when a transport listens on one.
    package var tcp: (port: UInt16, token: String)? {
        transports.lazy.compactMap { $0 as? LiveTCPListener }.first.map { ($0.port, $0.token) }
    }

    /// The debugger the channel dials, when a transport dials out.
    package var dialer: LiveDialer? {
        transports.lazy.compactMap { $0 as? LiveDialer }.first
    }

    /// Where the channel listens and how to attach, or where it dials, for the app to print once: one
    /// line per transport.
    ///
    /// ```text
    /// statedbg: live channel at /run/user/1000/statedbg/4242.sock; attach with: statedbg attach 4242
    /// statedbg: live channel on 127.0.0.1:7070; attach with: statedbg attach 127.0.0.1:7070 --token 1f…
    /// statedbg: live channel dialing out to 192.168.1.20:7070, where `statedbg listen` waits for it
    /// ```
    package var announcement: [String] {
        announcement(host: .current, environment: ProcessInfo.processInfo.environment)
    }

    /// The announcement of an app on `host`: `attach PID` only where the developer's statedbg finds the
    /// socket by the process id, and on a device, where the Mac reaches neither the socket nor the
    /// device's loopback interface, no `attach` at all.
    package func announcement(host: LiveAppHost, environment: [String: String]) -> [String] {
        transports.map { $0.announcement(host: host, environment: environment) }
    }

    // MARK: From other threads

    // Safe because the bytes are copied into the inbox during the call and never kept.
    /// Hands over whole journal lines the writer produced, among which step lines end where `steps`
    /// says, and wakes the server when a client reads them.
    ///
    /// - Returns: Whether the history has outgrown its limit, so that the writer should
    ///   ``rebase(header:firstStep:)``.
    @discardableResult
    package func publish(_ lines: UnsafeRawBufferPointer, steps: LiveStepEnds) -> Bool {
        guard lines.count > 0 else { return false }
        let (wakes, full) = inbox.withLock { inbox -> (Bool, Bool) in
            let waiting = inbox.deliver(lines, steps: steps)
            // While nobody reads the stream the server's thread has nothing to send and stays asleep,
            // waking only now and then to move the lines into its history, which keeps them bounded.
            let wakes = (inbox.subscribers > 0 || waiting >= 1 << 20) && !inbox.wakePending
            if wakes { inbox.wakePending = true }
            defer { inbox.historyFull = false }
            return (wakes, inbox.historyFull)
        }
        if wakes { writeWakeUp() }
        return full
    }

    /// Starts the history again from `header`, so that it stops growing; clients already subscribed
    /// get the rest of what they had not read, then the lines after the new header.
    package func rebase(header: [UInt8], firstStep: Int) {
        inbox.withLock { $0.deliveries.append(.rebase(header: header, firstStep: firstStep)) }
        wake()
    }

    /// Sends `notice` to the client `client`, if it is still connected: what the app says about a trap
    /// the client set. Callable from any thread.
    package func tell(_ notice: LiveNotice, to client: LiveClientID) {
        inbox.withLock { $0.deliveries.append(.notice(notice, to: client)) }
        wake()
    }

    /// Tells the clients the recording ended, closes every connection and transport, and returns once
    /// the server's thread has ended.
    package func close() {
        let first = inbox.withLock { inbox -> Bool in
            defer { inbox.closing = true }
            return !inbox.closing
        }
        guard first else { return }
        wake()
        finished.withLock(when: { $0 }) { _ in }
    }

    private func wake() {
        let wakes = inbox.withLock { inbox -> Bool in
            defer { inbox.wakePending = true }
            return !inbox.wakePending
        }
        if wakes { writeWakeUp() }
    }

    private func writeWakeUp() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: The server's thread

    private func run() {
        defer {
            finished.withLock { $0 = true }
            finished.wakeWaiters()
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !takeDeliveries() {
            let interests = transports.map(\.interest)
            var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            for interest in interests { descriptors.append(pollfd(fd: interest.descriptor, events: interest.events, revents: 0)) }
            descriptors += clients.pollEntries()
            let timeout = interests.compactMap(\.callBack).reduce(clients.pollTimeout()) { Self.sooner($0, $1) }
            guard poll(&descriptors, nfds_t(descriptors.count), timeout) >= 0 || errno == EINTR else { break }
            if descriptors[0].revents != 0 {
                // Woken for new lines: let a few more batches gather first, so that a busy app costs
                // a send per couple of milliseconds rather than one per batch.
                if descriptors.dropFirst().allSatisfy({ $0.revents == 0 }) { usleep(2000) }
                // Drained before the flag is cleared: a wake-up after this point writes a new byte.
                while read(wakeRead, &buffer, buffer.count) > 0 {}
                inbox.withLock { $0.wakePending = false }
            }
            // A transport that asked to be called back decides itself whether its time has come.
            for (index, transport) in transports.enumerated() where descriptors[index + 1].revents != 0 || interests[index].callBack != nil {
                for incoming in transport.acceptReady() { clients.admit(incoming, from: transport, handshake: handshake) }
            }
            for entry in descriptors.dropFirst(transports.count + 1) where entry.revents != 0 {
                clients.serve(entry, buffer: &buffer)
            }
            clients.runCommands(handle)
            clients.expire(handshake)
            for client in clients.dropLeaving() { app.removeTraps(owner: client) }
        }
        _ = takeDeliveries()
        clients.closeAll()
        for transport in transports { transport.close() }
        LiveSocket.close(wakeRead)
        LiveSocket.close(wakeWrite)
    }

    /// The sooner of a `poll` timeout in milliseconds (-1: none) and a delay, rounded up to a millisecond.
    private static func sooner(_ timeout: Int32, _ delay: Duration) -> Int32 {
        let (seconds, attoseconds) = delay.components
        let milliseconds = max(0, min(60_000, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
        return timeout < 0 ? Int32(milliseconds) : min(timeout, Int32(milliseconds))
    }

    /// Moves what other threads handed over into the history and tells the writer how many read it;
    /// `true` once the app closes the server.
    private func takeDeliveries() -> Bool {
        let subscribers = clients.subscribers
        let (deliveries, closing) = inbox.withLock { inbox -> ([LiveInbox.Delivery], Bool) in
            defer { inbox.deliveries = [] }
            inbox.subscribers = subscribers
            return (inbox.deliveries, inbox.closing)
        }
        if clients.take(deliveries) { inbox.withLock { $0.historyFull = true } }
        return closing
    }

    // MARK: Commands

    /// The reply to one request from `connection`: the handshake first, then the app's answer.
    private func handle(_ request: LiveRequest, from connection: LiveConnection) -> LiveReply {
        if case .hello(let version, _, let token, let proof) = request.command {
            // The clients besides this one: a client saying hello again keeps its place.
            let others = clients.greeted(besides: connection)
            switch handshake.hello(version: version, token: token, proof: proof, authentication: connection.authentication,
                                   clients: others) {
            case .welcome(let answer):
                if !connection.greeted { connection.origin.connection(connection.descriptor, .greeted) }
                connection.greeted = true
                var greeting = greeting()
                greeting.proof = answer
                return LiveReply(id: request.id, answer: greeting)
            case .refuse(let message, let drop):
                if let drop { connection.drop = drop }
                return LiveReply(id: request.id, error: message)
            case .wrongToken(let message, let drop):
                connection.drop = drop
                connection.origin.connection(connection.descriptor, .refused(message))
                return LiveReply(id: request.id, error: message)
            }
        }
        guard connection.greeted else {
            guard case .refuse(let message, let drop) = handshake.beforeHello(authentication: connection.authentication) else {
                return LiveReply(id: request.id, error: "The connection is closing.")
            }
            if let drop { connection.drop = drop }
            return LiveReply(id: request.id, error: message)
        }
        do throws(LiveCommandFailure) {
            return try run(request, for: connection)
        } catch {
            return LiveReply(id: request.id, error: error.description)
        }
    }

    private func greeting() -> LiveGreeting {
        LiveGreeting(app: app.appID, pid: Int(getpid()), lastStep: app.lastStep, currentStep: app.currentStep,
                     paused: app.isPaused, abilities: app.abilities)
    }

    private func run(_ request: LiveRequest, for connection: LiveConnection) throws(LiveCommandFailure) -> LiveReply {
        let id = request.id
        switch request.command {
        case .hello:
            return LiveReply(id: id, answer: greeting())
        case .subscribe(let from):
            return LiveReply(id: id, answer: try subscribe(connection, from: from))
        case .unsubscribe:
            clients.unsubscribe(connection)
            return LiveReply(id: id, answer: LiveMessage("journal lines stopped"))
        case .jump(let step):
            return LiveReply(id: id, answer: LiveTravel(step: try app.jump(to: step)))
        case .undo(let count):
            return LiveReply(id: id, answer: LiveTravel(step: try app.undo(count)))
        case .redo(let count):
            return LiveReply(id: id, answer: LiveTravel(step: try app.redo(count)))
        case .dispatch(let type, let payload):
            let (label, queued) = try app.dispatch(type: type, payload: payload)
            return LiveReply(id: id, answer: LiveDispatched(label: label, queued: queued, lastStep: app.lastStep))
        case .mark(let name):
            app.mark(name)
            return LiveReply(id: id, answer: LiveMessage("marked \(JSONValue.string(name).serializedText()) after step \(app.lastStep)"))
        case .pause:
            try app.pause()
            clients.broadcast(LiveNotice(LiveNotice.Event.paused), except: connection)
            return LiveReply(id: id, answer: LivePauseChange.paused)
        case .resume:
            let count = try app.resume()
            clients.broadcast(LiveNotice(.resumed(queued: count)), except: connection)
            return LiveReply(id: id, answer: LivePauseChange.resumed(queued: count))
        case .snapshot:
            return LiveReply(id: id, answer: try app.snapshot())
        case .status:
            return LiveReply(id: id, answer: LiveStatus(lastStep: app.lastStep, currentStep: app.currentStep,
                                                        paused: app.isPaused, clients: clients.greeted(besides: nil)))
        case .journal:
            let parts = try LiveJournalFiles.measure(try app.journalFiles())
            connection.journalParts = parts
            return LiveReply(id: id, answer: LiveJournalParts(parts: parts))
        case .trap(let trap):
            return LiveReply(id: id, answer: LiveMessage(try app.setTrap(trap, owner: connection.id)))
        case .untrap(let number):
            guard app.removeTrap(number: number, owner: connection.id) else {
                throw LiveCommandFailure("This debugger set no trap \(number) in the app.")
            }
            return LiveReply(id: id, answer: LiveMessage("trap \(number) removed"))
        case .read(let part, let offset, let length):
            guard let parts = connection.journalParts else {
                throw LiveCommandFailure(#"Ask for the journal's files first: {"command":"journal"}; read takes an index into that list."#)
            }
            guard part < parts.count else {
                throw LiveCommandFailure("There is no part \(part): the journal has \(parts.count) file\(parts.count == 1 ? "" : "s") (parts 0 to \(parts.count - 1)).")
            }
            let bytes = try LiveJournalFiles.read(parts[part], offset: offset, length: length)
            return LiveReply(id: id, answer: LiveJournalChunk(part: part, offset: offset, bytes: bytes))
        }
    }

    private func subscribe(_ connection: LiveConnection, from: Int) throws(LiveCommandFailure) -> LiveSubscription {
        let lastStep = app.lastStep
        guard from <= lastStep + 1 else {
            throw LiveCommandFailure("Step \(from) is past the end: the app's last step is \(lastStep); subscribe from \(lastStep + 1) at most to get only new steps.")
        }
        // The lines of the steps up to the last one are in the inbox, if not in the history yet.
        _ = takeDeliveries()
        return try clients.subscribe(connection, from: from, lastStep: lastStep)
    }
}
