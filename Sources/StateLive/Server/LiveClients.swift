#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``LiveServer``'s connections and the history it streams to them: who is owed what, whose turn it
/// is, and whose time is up.
///
/// Used only by the server's thread.
final class LiveClients {
    private let configuration: LiveServerConfiguration
    private let clock = ContinuousClock()
    private var history = LiveHistory()
    private var connections: [Int32: LiveConnection] = [:]
    /// Connections in the order they came, for turns and for closing the oldest waiting one.
    private var order: [Int32] = []
    /// The number the next connection gets as its ``LiveClientID``.
    private var nextID = 0

    /// No connections yet, and a history that starts at `header`, whose first step is `firstStep`.
    init(configuration: LiveServerConfiguration, header: [UInt8], firstStep: Int) {
        self.configuration = configuration
        history.rebase(header: header, firstStep: firstStep)
    }

    /// How many clients read the stream.
    var subscribers: Int {
        connections.values.filter { $0.cursor != nil && $0.drop == nil }.count
    }

    /// How many clients said hello, besides `connection`.
    func greeted(besides connection: LiveConnection?) -> Int {
        connections.values.filter { $0.greeted && $0.drop == nil && $0 !== connection }.count
    }

    // MARK: The history

    /// Moves what the writer handed over into the history, dropping the clients it leaves too far
    /// behind; `true` when the history has outgrown its limit.
    func take(_ deliveries: [LiveInbox.Delivery]) -> Bool {
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
            case .notice(let notice, let client):
                let now = clock.now
                for connection in connections.values where connection.id == client && connection.greeted && connection.drop == nil {
                    connection.post(notice.line, now: now)
                }
            }
        }
        return history.bytes.count > configuration.historyBytes
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

    /// Streams the history to `connection` from step `from` (0: all of it), after the header it starts with.
    func subscribe(_ connection: LiveConnection, from: Int, lastStep: Int) throws(LiveCommandFailure) -> LiveSubscription {
        guard from == 0 || from >= history.firstStep else {
            throw LiveCommandFailure("The live history starts at step \(history.firstStep); subscribe from 0 for all of it, or read earlier steps from the journal file.")
        }
        if connection.cursor != nil { connection.finishHistoryLine(history) }
        connection.afterReply = Array(history.bytes[..<history.headerLength])
        connection.cursor = history.offset(ofStep: from)
        connection.historyMidLine = false
        return LiveSubscription(from: max(from, history.firstStep), firstStep: history.firstStep, lastStep: lastStep)
    }

    /// Stops streaming to `connection`, after the rest of the line it is in.
    func unsubscribe(_ connection: LiveConnection) {
        guard connection.cursor != nil else { return }
        connection.finishHistoryLine(history)
        connection.cursor = nil
        connection.historyMidLine = false
    }

    /// Appends `notice` to what every client but `sender` is owed.
    func broadcast(_ notice: LiveNotice, except sender: LiveConnection) {
        let line = notice.line
        let now = clock.now
        for connection in connections.values where connection !== sender && connection.greeted {
            connection.post(line, now: now)
        }
    }

    // MARK: Polling

    /// What to poll each connection for: input while it may send more commands, output while it is owed some.
    func pollEntries() -> [pollfd] {
        order.compactMap { descriptor in
            guard let connection = connections[descriptor] else { return nil }
            let reads = connection.readsMore(configuration)
            let writes = connection.wantsToSend(historyEnd: history.bytes.count)
            return pollfd(fd: descriptor, events: (reads ? Int16(POLLIN) : 0) | (writes ? Int16(POLLOUT) : 0), revents: 0)
        }
    }

    /// How long `poll` may sleep: not at all while a command waits its turn, until the next deadline
    /// of a connection otherwise, and without limit when nothing is due.
    func pollTimeout() -> Int32 {
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

    /// Takes a new connection from `transport`, which has until its hello deadline to say hello (after
    /// the line the handshake opens with, if any); when too many wait, the one waiting longest is closed.
    func admit(_ incoming: LiveIncoming, from transport: any LiveTransport, handshake: LiveHandshake) {
        let now = clock.now
        let waiting = order.filter { connections[$0].map { !$0.greeted && $0.drop == nil } ?? false }
        if waiting.count >= configuration.maxWaitingConnections, let oldest = waiting.first {
            connections[oldest]?.drop = "too many connections are waiting to say hello"
            dropLeaving()
        }
        nextID += 1
        let connection = LiveConnection(incoming, id: LiveClientID(rawValue: nextID), origin: transport,
                                        helloDeadline: now + configuration.helloTimeout, now: now)
        if let opening = handshake.opening(incoming.authentication) { connection.post(opening.line, now: now) }
        connections[incoming.descriptor] = connection
        order.append(incoming.descriptor)
    }

    /// Reads what a connection that `poll` found ready sent, and sends what it can take.
    func serve(_ entry: pollfd, buffer: inout [UInt8]) {
        guard let connection = connections[entry.fd] else { return }
        if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, connection.readsMore(configuration) {
            receive(connection, into: &buffer)
        }
        connection.send(history: history, now: clock.now)
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

    // MARK: Turns and time

    /// Runs one waiting command of each client whose turn it is, in the order the clients came, with
    /// `handle` making each request's reply; then sends every client what it can take.
    func runCommands(_ handle: (LiveRequest, LiveConnection) -> LiveReply) {
        let now = clock.now
        for descriptor in order {
            guard let connection = connections[descriptor], connection.canRunCommand else { continue }
            let reply: LiveReply
            switch connection.queued.removeFirst() {
            case .tooLong(let length):
                reply = LiveReply(id: .null, error: LiveProtocolError.lineTooLong(length).description)
            case .line(let line):
                connection.queuedBytes -= line.count
                do {
                    reply = handle(try LiveRequest(line: line), connection)
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

    /// Marks the connections whose time is up: no hello in time, or replies left unread too long; and
    /// those that hung up once their commands ran.
    func expire(_ handshake: LiveHandshake) {
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

    /// Closes the connections being dropped, each told why when its socket is between lines; returns
    /// which clients they were.
    @discardableResult
    func dropLeaving() -> [LiveClientID] {
        let leaving = order.compactMap { connections[$0] }.filter { $0.drop != nil }
        guard !leaving.isEmpty else { return [] }
        for connection in leaving {
            connections[connection.descriptor] = nil
            if !connection.hungUp, !connection.historyMidLine, !connection.outboxMidLine, let reason = connection.drop {
                _ = LiveSocket.sendAvailable(connection.descriptor, LiveNotice(.dropped(reason: reason)).line[...])
            }
            LiveSocket.close(connection.descriptor)
            connection.origin.connection(connection.descriptor, .ended(reason: connection.drop ?? "", greeted: connection.greeted))
        }
        order.removeAll { connections[$0] == nil }
        return leaving.map(\.id)
    }

    /// Gives the clients a second at most to take the lines written before the app closed, then tells
    /// each that the recording ended and closes every connection.
    func closeAll() {
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
    }
}
