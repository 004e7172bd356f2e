import Foundation
import StateJSON
import StateSync

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Safe because the history and the connections are touched only by the server's own thread, and what other
// threads hand it goes through the inbox's lock (hence `@unchecked`).
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
    private let configuration: LiveServerConfiguration
    private let handshake: LiveHandshake
    private let app: any LiveApp
    private let inbox = Locked(LiveInbox())
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let finished = Locked(false)
    private let clock = ContinuousClock()

    // Only the server's thread touches these.
    private var history = LiveHistory()
    private var connections: [Int32: LiveConnection] = [:]
    /// Connections in the order they came, for turns and for closing the oldest waiting one.
    private var order: [Int32] = []

    /// Starts serving `app` through `transports`; a failure closes them.
    ///
    /// - Parameters:
    ///   - header: The journal's header line, with which every subscription starts.
    ///   - firstStep: The header's first step.
    /// - Throws: ``LiveChannelError`` when the server's wake-up pipe cannot be made.
    package init(transports: [any LiveTransport], configuration: LiveServerConfiguration, header: [UInt8],
                 firstStep: Int, app: any LiveApp) throws(LiveChannelError) {
        self.transports = transports
        self.configuration = configuration
        handshake = LiveHandshake(configuration: configuration)
        self.app = app
        history.rebase(header: header, firstStep: firstStep)
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
        let thread = Thread { [self] in run() }
        thread.name = "statedbg live server"
        thread.start()
    }

    /// The Unix socket's path, when a transport listens on one.
    package var socketPath: String? {
        transports.lazy.compactMap { ($0 as? LiveUnixListener)?.path }.first
    }

    /// The loopback TCP port and its token, when a transport listens on one.
    package var tcp: (port: UInt16, token: String)? {
        transports.lazy.compactMap { $0 as? LiveTCPListener }.first.map { ($0.port, $0.token) }
    }

    /// Where the channel listens and how to attach, for the app to print once: one line per transport.
    ///
    /// ```text
    /// statedbg: live channel at /run/user/1000/statedbg/4242.sock; attach with: statedbg attach 4242
    /// statedbg: live channel on 127.0.0.1:7070; attach with: statedbg attach 127.0.0.1:7070 --token 1f…
    /// ```
    package var announcement: [String] {
        var lines: [String] = []
        if let socketPath {
            lines.append("statedbg: live channel at \(socketPath); attach with: statedbg attach \(getpid())")
        }
        if let tcp {
            lines.append("statedbg: live channel on 127.0.0.1:\(tcp.port); attach with: statedbg attach 127.0.0.1:\(tcp.port) --token \(tcp.token)")
        }
        return lines
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
        while true {
            guard !takeDeliveries() else { break }
            var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            for transport in transports { descriptors.append(pollfd(fd: transport.descriptor, events: Int16(POLLIN), revents: 0)) }
            for descriptor in order {
                guard let connection = connections[descriptor] else { continue }
                let reads = connection.readsMore(configuration)
                let writes = connection.wantsToSend(historyEnd: history.bytes.count)
                descriptors.append(pollfd(fd: descriptor, events: (reads ? Int16(POLLIN) : 0) | (writes ? Int16(POLLOUT) : 0),
                                          revents: 0))
            }
            guard poll(&descriptors, nfds_t(descriptors.count), pollTimeout()) >= 0 || errno == EINTR else { break }
            if descriptors[0].revents != 0 {
                // Woken for new lines: let a few more batches gather first, so that a busy app costs
                // a send per couple of milliseconds rather than one per batch.
                if descriptors.dropFirst().allSatisfy({ $0.revents == 0 }) { usleep(2000) }
                // Drained before the flag is cleared: a wake-up after this point writes a new byte.
                while read(wakeRead, &buffer, buffer.count) > 0 {}
                inbox.withLock { $0.wakePending = false }
            }
            for (index, transport) in transports.enumerated() where descriptors[index + 1].revents != 0 {
                for descriptor in transport.acceptReady() { admit(descriptor, authentication: transport.authentication) }
            }
            let now = clock.now
            for entry in descriptors.dropFirst(transports.count + 1) where entry.revents != 0 {
                guard let connection = connections[entry.fd] else { continue }
                if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, connection.readsMore(configuration) {
                    receive(connection, into: &buffer)
                }
                connection.send(history: history, now: now)
            }
            runCommands()
            expire()
            dropClients()
        }
        shutDown()
    }

    /// Moves what other threads handed over into the history (dropping the clients it leaves too far
    /// behind) and tells the writer how many read it; `true` once the app closes the server.
    private func takeDeliveries() -> Bool {
        let subscribers = connections.values.filter { $0.cursor != nil && $0.drop == nil }.count
        let (deliveries, closing) = inbox.withLock { inbox -> ([LiveInbox.Delivery], Bool) in
            defer { inbox.deliveries = [] }
            inbox.subscribers = subscribers
            return (inbox.deliveries, inbox.closing)
        }
        let limit = configuration.clientBufferBytes
        for delivery in deliveries {
            switch delivery {
            case .lines(let lines, let steps):
                // Safe because the pointer is used only inside the closure, which copies the bytes into the history.
                lines.withUnsafeBytes { history.append($0, steps: steps) }
                let end = history.bytes.count
                for connection in connections.values {
                    guard let cursor = connection.cursor, connection.drop == nil,
                          end - cursor + connection.outbox.count + connection.carry.count > limit else { continue }
                    connection.drop = "the client fell more than \(limit) bytes behind the app; read faster or subscribe again"
                }
            case .rebase(let header, let firstStep):
                rebase(header: header, firstStep: firstStep, limit: limit)
            }
        }
        if history.bytes.count > configuration.historyBytes { inbox.withLock { $0.historyFull = true } }
        return closing
    }

    private func rebase(header: [UInt8], firstStep: Int, limit: Int) {
        let old = history.bytes
        for connection in connections.values {
            guard let cursor = connection.cursor else { continue }
            if old.count - cursor + connection.carry.count > limit {
                connection.drop = "the client fell more than \(limit) bytes behind the app"
            } else {
                connection.carry.append(contentsOf: old[cursor...])
                connection.historyMidLine = false
            }
            connection.cursor = header.count
        }
        history.rebase(header: header, firstStep: firstStep)
    }

    /// How long `poll` may sleep: not at all while a command waits its turn, until the next deadline
    /// of a connection otherwise, and without limit when nothing is due.
    private func pollTimeout() -> Int32 {
        var next: ContinuousClock.Instant?
        for connection in connections.values {
            if connection.canRunCommand { return 0 }
            if !connection.greeted { next = min(next ?? connection.helloDeadline, connection.helloDeadline) }
            if !connection.queued.isEmpty, !connection.outbox.isEmpty {
                let due = connection.lastProgress + configuration.replyTimeout
                next = min(next ?? due, due)
            }
        }
        guard let next else { return -1 }
        let (seconds, attoseconds) = (next - clock.now).components
        let milliseconds = max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
        return Int32(min(milliseconds, 60_000))
    }

    /// Takes a new connection, which has until its hello deadline to say hello; when too many wait,
    /// the one waiting longest is closed.
    private func admit(_ descriptor: Int32, authentication: LiveAuthentication) {
        let now = clock.now
        let waiting = order.filter { connections[$0].map { !$0.greeted && $0.drop == nil } ?? false }
        if waiting.count >= configuration.maxWaitingConnections, let oldest = waiting.first {
            connections[oldest]?.drop = "too many connections are waiting to say hello"
            dropClients()
        }
        connections[descriptor] = LiveConnection(descriptor: descriptor, authentication: authentication,
                                                 helloDeadline: now + configuration.helloTimeout, now: now)
        order.append(descriptor)
    }

    private func receive(_ connection: LiveConnection, into buffer: inout [UInt8]) {
        // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
        let count = buffer.withUnsafeMutableBytes { recv(connection.descriptor, $0.baseAddress, $0.count, 0) }
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            // The commands it sent before closing still run; nothing more is read or sent.
            connection.hungUp = true
            return
        }
        guard count > 0 else { return }
        buffer.withUnsafeBytes { bytes in
            connection.splitter.append(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { piece in
                if case .line(let line) = piece, line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return }
                connection.queued.append(piece)
                if case .line(let line) = piece { connection.queuedBytes += line.count }
            }
        }
    }

    /// Runs one waiting command of each client whose turn it is, in the order the clients came.
    private func runCommands() {
        let now = clock.now
        for descriptor in order {
            guard let connection = connections[descriptor], connection.canRunCommand else { continue }
            let piece = connection.queued.removeFirst()
            let reply: LiveReply
            switch piece {
            case .tooLong(let length):
                reply = LiveReply(id: .null, error: LiveProtocolError.lineTooLong(length).description)
            case .line(let line):
                connection.queuedBytes -= line.count
                do {
                    reply = handle(try LiveRequest(line: line), from: connection)
                } catch {
                    reply = LiveReply(id: error.id, error: error.description)
                }
            }
            connection.reply(reply.line, now: now)
            if connection.outbox.count > configuration.clientBufferBytes {
                connection.drop = "the client sent commands without reading their replies"
            }
        }
        // A client being dropped gets its last reply (why it is dropped) before the notice.
        for descriptor in order {
            guard let connection = connections[descriptor], connection.wantsToSend(historyEnd: history.bytes.count) else {
                continue
            }
            connection.send(history: history, now: now)
        }
    }

    /// Drops the connections whose time is up: no hello in time, or replies left unread too long; and
    /// closes those that hung up once their commands ran.
    private func expire() {
        let now = clock.now
        for connection in connections.values where connection.drop == nil {
            if connection.hungUp, connection.queued.isEmpty {
                connection.drop = "the client closed the connection"
            } else if !connection.greeted, now >= connection.helloDeadline {
                connection.drop = handshake.expired(authentication: connection.authentication)
            } else if !connection.queued.isEmpty, !connection.outbox.isEmpty,
                      now - connection.lastProgress >= configuration.replyTimeout {
                connection.drop = handshake.unreadReplies
            }
        }
    }

    private func dropClients() {
        let leaving = order.compactMap { connections[$0] }.filter { $0.drop != nil }
        guard !leaving.isEmpty else { return }
        for connection in leaving {
            connections[connection.descriptor] = nil
            if !connection.hungUp, !connection.historyMidLine, !connection.outboxMidLine, let reason = connection.drop {
                _ = LiveSocket.sendAvailable(connection.descriptor, LiveNotice(.dropped(reason: reason)).line[...])
            }
            LiveSocket.close(connection.descriptor)
        }
        order.removeAll { connections[$0] == nil }
    }

    private func shutDown() {
        _ = takeDeliveries()
        // Clients are owed the lines written before the close: a second at most to take them.
        let deadline = clock.now + .seconds(1)
        while clock.now < deadline {
            var owed = order.compactMap { descriptor -> pollfd? in
                guard let connection = connections[descriptor], connection.drop == nil,
                      connection.wantsToSend(historyEnd: history.bytes.count) else { return nil }
                return pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            }
            if owed.isEmpty { break }
            guard poll(&owed, nfds_t(owed.count), 100) >= 0 || errno == EINTR else { break }
            let now = clock.now
            for entry in owed where entry.revents != 0 { connections[entry.fd]?.send(history: history, now: now) }
        }
        for descriptor in order {
            guard let connection = connections[descriptor] else { continue }
            // What a client had not read yet is lost with the app's exit anyway; it gets the end of
            // its current line and the notice, as far as its socket takes them without waiting.
            var tail = connection.carry + connection.outbox
            if tail.isEmpty, connection.historyMidLine, let cursor = connection.cursor,
               let end = history.bytes[cursor...].firstIndex(of: 0x0A) {
                tail = Array(history.bytes[cursor...end])
            }
            tail += LiveNotice(.closed(reason: "the app closed its recorder")).line
            if !connection.hungUp { _ = LiveSocket.sendAvailable(descriptor, tail[...]) }
            LiveSocket.close(descriptor)
        }
        connections = [:]
        order = []
        for transport in transports { transport.close() }
        _ = LiveSocket.close(wakeRead)
        _ = LiveSocket.close(wakeWrite)
    }

    // MARK: Commands

    /// The reply to one request from `connection`: the handshake first, then the app's answer.
    private func handle(_ request: LiveRequest, from connection: LiveConnection) -> LiveReply {
        if case .hello(let version, _, let token) = request.command {
            // The clients besides this one: a client saying hello again keeps its place.
            let clients = connections.values.filter { $0.greeted && $0.drop == nil && $0 !== connection }.count
            switch handshake.hello(version: version, token: token, authentication: connection.authentication, clients: clients) {
            case .welcome:
                connection.greeted = true
                return LiveReply(id: request.id, answer: greeting())
            case .refuse(let message, let drop):
                if let drop { connection.drop = drop }
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
            if connection.cursor != nil {
                connection.finishHistoryLine(history)
                connection.cursor = nil
                connection.historyMidLine = false
            }
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
            broadcast(LiveNotice(LiveNotice.Event.paused), except: connection)
            return LiveReply(id: id, answer: LivePauseChange.paused)
        case .resume:
            let count = try app.resume()
            broadcast(LiveNotice(.resumed(queued: count)), except: connection)
            return LiveReply(id: id, answer: LivePauseChange.resumed(queued: count))
        case .snapshot:
            return LiveReply(id: id, answer: try app.snapshot())
        case .status:
            let clients = connections.values.filter { $0.greeted && $0.drop == nil }.count
            return LiveReply(id: id, answer: LiveStatus(lastStep: app.lastStep, currentStep: app.currentStep,
                                                        paused: app.isPaused, clients: clients))
        }
    }

    private func subscribe(_ connection: LiveConnection, from: Int) throws(LiveCommandFailure) -> LiveSubscription {
        let lastStep = app.lastStep
        guard from <= lastStep + 1 else {
            throw LiveCommandFailure("Step \(from) is past the end: the app's last step is \(lastStep); subscribe from \(lastStep + 1) at most to get only new steps.")
        }
        // The lines of the steps up to the last one are in the inbox, if not in the history yet.
        _ = takeDeliveries()
        guard from == 0 || from >= history.firstStep else {
            throw LiveCommandFailure("The live history starts at step \(history.firstStep); subscribe from 0 for all of it, or read earlier steps from the journal file.")
        }
        if connection.cursor != nil { connection.finishHistoryLine(history) }
        connection.afterReply = Array(history.bytes[..<history.headerLength])
        connection.cursor = history.offset(ofStep: from)
        connection.historyMidLine = false
        return LiveSubscription(from: max(from, history.firstStep), firstStep: history.firstStep, lastStep: lastStep)
    }

    private func broadcast(_ notice: LiveNotice, except sender: LiveConnection) {
        let line = notice.line
        let now = clock.now
        for connection in connections.values where connection !== sender && connection.greeted {
            connection.post(line, now: now)
        }
    }
}
