import Foundation
import StateJSON
import StateLive
import StateSync
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Safe because `hub` is behind its lock, and the listeners and `control` are set before the thread starts (hence
// `@unchecked`).
/// The app's end of the live channel: listens, greets clients, streams the journal's lines to those
/// that subscribe and runs their commands on the app.
///
/// It has one thread of its own, which polls the sockets. The journal's writer thread hands it each
/// batch of lines it wrote (``publish(_:)``): a copy into an inbox whose lock nothing holds for longer
/// than a copy, so the writer (and through the entry queue, the app) never waits for a send. The
/// server moves the inbox into the history it streams from at most every couple of milliseconds.
/// Each client reads the shared history at its own pace; one that falls more than
/// ``RecorderOptions/LiveChannel/clientBufferBytes`` behind is dropped with a notice.
final class LiveServer: @unchecked Sendable {
    // `@unchecked`: `hub` is behind its lock; the listeners and `control` are set before the thread
    // starts and then read only by it.

    /// The Unix socket's path, when there is one.
    let socketPath: String?
    /// The loopback TCP port and its token, when there is one.
    let tcp: (port: UInt16, token: String)?

    private let configuration: RecorderOptions.LiveChannel
    private let control: any LiveAppControl
    private let hub: Locked<Hub>
    private var listeners: [(descriptor: Int32, isTCP: Bool)] = []
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let finished = DispatchSemaphore(value: 0)
    private let user = getuid()
    /// Whether a wake-up byte is in the pipe already: the writer then skips the system call.
    private let wakePending = Atomic<Bool>(false)
    /// What the writer handed over and the server has not moved into the history yet.
    private let inbox = Locked<[Delivery]>([])
    /// How many clients are subscribed, so that the writer wakes the server only when someone reads.
    private let subscribers = Atomic<Int>(0)
    /// Set by the server when the history has outgrown its limit, for the writer to ``rebase(header:firstStep:)``.
    private let historyFull = Atomic<Bool>(false)

    /// A hand-over from the writer, in the order it was made.
    private enum Delivery {
        case lines([UInt8])
        case rebase(header: [UInt8], firstStep: Int)
    }

    /// The history and the clients: the server's thread works on them, behind a lock because
    /// ``close()`` marks them closing from the app's thread.
    private struct Hub {
        var history = LiveHistory()
        var clients: [Int32: Client] = [:]
        var closing = false
        var historyBytes: Int
    }

    private struct Client {
        let isTCP: Bool
        var splitter = LiveLineSplitter(limit: LiveProtocol.maxLineBytes)
        var greeted = false
        /// Where in the history the next journal byte comes from; `nil` when not subscribed.
        var cursor: Int?
        /// Bytes that go out before anything else: the rest of a line cut by a rebase, a header.
        var carry: [UInt8] = []
        /// Replies and notices, whole lines.
        var outbox: [UInt8] = []
        /// Lines that follow the next reply: the header a subscription starts with.
        var afterReply: [UInt8] = []
        /// Whether the last bytes sent from `outbox` ended mid-line.
        var outboxMidLine = false
        /// Why the client is being dropped.
        var drop: String?
        /// Whether the last journal bytes sent ended mid-line.
        var historyMidLine = false
    }

    /// Opens the endpoints `configuration` asks for and starts the server's thread.
    ///
    /// - Parameters:
    ///   - header: The journal's header line, with which every subscription starts.
    ///   - firstStep: The header's first step.
    init(configuration: RecorderOptions.LiveChannel, header: [UInt8], firstStep: Int,
         control: any LiveAppControl) throws(LiveChannelError) {
        self.configuration = configuration
        self.control = control
        var history = LiveHistory()
        history.rebase(header: header, firstStep: firstStep)
        hub = Locked(Hub(history: history, historyBytes: configuration.historyBytes))
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw .system("cannot create the live server's wake-up pipe", errno) }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        for end in pipeEnds {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        var path: String?
        var opened: (UInt16, String)?
        do throws(LiveChannelError) {
            if configuration.socket {
                let socketPath = configuration.socketPath ?? LiveEndpoint.socketPath(pid: getpid())
                if configuration.socketPath == nil { try LiveSocket.prepareDirectory(LiveEndpoint.runtimeDirectory) }
                listeners.append((try LiveSocket.listen(unix: socketPath), false))
                path = socketPath
            }
            if let port = configuration.tcpPort {
                let (descriptor, bound) = try LiveSocket.listen(loopbackPort: port)
                listeners.append((descriptor, true))
                opened = (bound, Self.makeToken())
            }
        } catch {
            for listener in listeners { _ = posixClose(listener.descriptor) }
            _ = posixClose(wakeRead)
            _ = posixClose(wakeWrite)
            throw error
        }
        socketPath = path
        tcp = opened.map { (port: $0.0, token: $0.1) }
        let thread = Thread { [self] in run() }
        thread.name = "statedbg live server"
        thread.start()
    }

    private static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = generator.next() as UInt32
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }

    // MARK: From the writer thread

    // Safe because the bytes are copied into the history during the call and never kept.
    /// Appends lines the journal's writer produced (whole lines) and wakes the server; drops the
    /// clients it leaves too far behind.
    ///
    /// - Returns: Whether the history has outgrown its limit, so that the writer should ``rebase(header:firstStep:)``.
    @discardableResult
    func publish(_ lines: UnsafeRawBufferPointer) -> Bool {
        guard lines.count > 0 else { return false }
        let waiting = inbox.withLock { inbox -> Int in
            if case .lines(var bytes)? = inbox.last {
                // Emptied first, so that the append does not copy the bytes already there.
                inbox[inbox.count - 1] = .lines([])
                bytes.append(contentsOf: lines)
                inbox[inbox.count - 1] = .lines(bytes)
                return bytes.count
            }
            inbox.append(.lines(Array(lines)))
            return lines.count
        }
        // While nobody reads the stream the server's thread has nothing to send and stays asleep,
        // waking only now and then to move the lines into its history, which keeps them bounded.
        if subscribers.load(ordering: .relaxed) > 0 || waiting >= 1 << 20 { wake() }
        return historyFull.exchange(false, ordering: .relaxed)
    }

    /// Moves what the writer handed over into the history (on the server's thread, `hub` locked),
    /// dropping the clients it leaves too far behind.
    private func takeDeliveries(into hub: inout Hub) {
        let deliveries = inbox.withLock { inbox -> [Delivery] in
            defer { inbox = [] }
            return inbox
        }
        let limit = configuration.clientBufferBytes
        for delivery in deliveries {
            switch delivery {
            case .lines(let lines):
                // Safe because the pointer is used only inside the closure, which copies the bytes into the history.
                lines.withUnsafeBytes { hub.history.append($0) }
                let end = hub.history.bytes.count
                for (descriptor, client) in hub.clients {
                    guard let cursor = client.cursor, client.drop == nil,
                          end - cursor + client.outbox.count + client.carry.count > limit else { continue }
                    hub.clients[descriptor]?.drop =
                        "the client fell more than \(limit) bytes behind the app; read faster or subscribe again"
                }
            case .rebase(let header, let firstStep):
                rebase(&hub, header: header, firstStep: firstStep)
            }
        }
        if hub.history.bytes.count > hub.historyBytes { historyFull.store(true, ordering: .relaxed) }
        subscribers.store(hub.clients.values.filter { $0.cursor != nil && $0.drop == nil }.count, ordering: .relaxed)
    }

    /// Starts the history again from `header`, so that it stops growing; clients already subscribed
    /// get the rest of what they had not read, then the lines after the new header.
    func rebase(header: [UInt8], firstStep: Int) {
        inbox.withLock { $0.append(.rebase(header: header, firstStep: firstStep)) }
        wake()
    }

    private func rebase(_ hub: inout Hub, header: [UInt8], firstStep: Int) {
        let limit = configuration.clientBufferBytes
        let old = hub.history.bytes
        for (descriptor, var client) in hub.clients {
            if let cursor = client.cursor {
                if old.count - cursor + client.carry.count > limit {
                    client.drop = "the client fell more than \(limit) bytes behind the app"
                } else {
                    client.carry.append(contentsOf: old[cursor...])
                    client.historyMidLine = false
                }
                client.cursor = header.count
            }
            hub.clients[descriptor] = client
        }
        hub.history.rebase(header: header, firstStep: firstStep)
    }

    /// Tells the clients the recording ended, closes every connection and removes the socket file.
    func close() {
        let first = hub.withLock { hub -> Bool in
            defer { hub.closing = true }
            return !hub.closing
        }
        guard first else { return }
        wake()
        finished.wait()
    }

    private func wake() {
        guard !wakePending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: The server's thread

    private func run() {
        defer { finished.signal() }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var descriptors: [pollfd] = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            for listener in listeners { descriptors.append(pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0)) }
            let (closing, clientEvents) = hub.withLock { hub in
                takeDeliveries(into: &hub)
                return (hub.closing, hub.clients.map { descriptor, client -> pollfd in
                    let wantsWrite = !client.carry.isEmpty || !client.outbox.isEmpty
                        || (client.cursor.map { $0 < hub.history.bytes.count } ?? false)
                    return pollfd(fd: descriptor, events: Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0), revents: 0)
                })
            }
            if closing { break }
            descriptors += clientEvents
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 || errno == EINTR else { break }
            if descriptors[0].revents != 0 {
                // Woken for new lines: let a few more batches gather first, so that a busy app costs
                // a send per couple of milliseconds rather than one per batch.
                if descriptors.dropFirst().allSatisfy({ $0.revents == 0 }) { usleep(2000) }
                // Drained before the flag is cleared: a wake-up after this point writes a new byte.
                while read(wakeRead, &buffer, buffer.count) > 0 {}
                wakePending.store(false, ordering: .releasing)
            }
            for (index, listener) in listeners.enumerated() where descriptors[index + 1].revents != 0 {
                while let client = LiveSocket.accept(listener.descriptor) { admit(client, isTCP: listener.isTCP) }
            }
            for entry in descriptors.dropFirst(listeners.count + 1) where entry.revents != 0 {
                if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                    receive(entry.fd, into: &buffer)
                }
                sendPending(entry.fd)
            }
            dropClients()
        }
        shutDown()
    }

    private func admit(_ descriptor: Int32, isTCP: Bool) {
        if !isTCP, LiveSocket.peerUser(descriptor) != user {
            var line = LiveNotice(.dropped, fields: ["reason": "this app's live channel serves its own user only"]).line
            _ = posixSend(descriptor, &line, line.count, LiveSocket.sendFlags)
            _ = posixClose(descriptor)
            return
        }
        let full = hub.withLock { hub -> Bool in
            guard hub.clients.count < configuration.maxClients else { return true }
            hub.clients[descriptor] = Client(isTCP: isTCP)
            return false
        }
        if full {
            var line = LiveNotice(.dropped, fields: ["reason": .string("the app already has \(configuration.maxClients) live clients")]).line
            _ = posixSend(descriptor, &line, line.count, LiveSocket.sendFlags)
            _ = posixClose(descriptor)
        }
    }

    private func receive(_ descriptor: Int32, into buffer: inout [UInt8]) {
        // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            hub.withLock { _ = $0.clients.removeValue(forKey: descriptor) }
            _ = posixClose(descriptor)
            return
        }
        guard count > 0 else { return }
        var pieces: [LiveLineSplitter.Piece] = []
        hub.withLock { hub in
            buffer.withUnsafeBytes { bytes in
                hub.clients[descriptor]?.splitter.append(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { pieces.append($0) }
            }
        }
        for piece in pieces {
            let reply: LiveReply
            switch piece {
            case .tooLong(let length):
                reply = LiveReply(id: .null, error: LiveProtocolError.lineTooLong(length).description)
            case .line(let line):
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
                do {
                    reply = handle(try LiveRequest(line: line), from: descriptor)
                } catch {
                    reply = LiveReply(id: error.id, error: error.description)
                }
            }
            hub.withLock { hub in
                guard var client = hub.clients[descriptor] else { return }
                client.outbox += reply.line
                client.outbox += client.afterReply
                client.afterReply = []
                if client.outbox.count > configuration.clientBufferBytes {
                    client.drop = "the client sent commands without reading their replies"
                }
                hub.clients[descriptor] = client
            }
        }
    }

    /// Sends what the client can take now, replies before journal lines, never cutting a line.
    private func sendPending(_ descriptor: Int32) {
        hub.withLock { hub in
            guard var client = hub.clients[descriptor] else { return }
            defer { hub.clients[descriptor] = client }
            while true {
                let sent: Int
                if !client.carry.isEmpty {
                    sent = transmit(descriptor, client.carry[...])
                    if sent > 0 { client.carry.removeFirst(sent) }
                } else if client.outboxMidLine || (!client.historyMidLine && !client.outbox.isEmpty) {
                    sent = transmit(descriptor, client.outbox[...])
                    if sent > 0 {
                        client.outboxMidLine = client.outbox[sent - 1] != 0x0A
                        client.outbox.removeFirst(sent)
                    }
                } else if let cursor = client.cursor, cursor < hub.history.bytes.count {
                    sent = transmit(descriptor, hub.history.bytes[cursor...])
                    if sent > 0 {
                        client.cursor = cursor + sent
                        client.historyMidLine = hub.history.bytes[cursor + sent - 1] != 0x0A
                    }
                } else {
                    return
                }
                if sent < 0 {
                    client.drop = client.drop ?? "the connection failed"
                    return
                }
                if sent == 0 { return }
            }
        }
    }

    /// Sends without blocking: the count sent, 0 when the socket is full, -1 when it failed.
    private func transmit(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
        // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
        let sent = bytes.withUnsafeBytes { posixSend(descriptor, $0.baseAddress, $0.count, LiveSocket.sendFlags) }
        if sent >= 0 { return sent }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : -1
    }

    private func dropClients() {
        let dropped = hub.withLock { hub -> [(Int32, Client)] in
            let leaving = hub.clients.filter { $0.value.drop != nil }
            for (descriptor, _) in leaving { hub.clients[descriptor] = nil }
            return Array(leaving)
        }
        for (descriptor, client) in dropped {
            if !client.historyMidLine && !client.outboxMidLine, let reason = client.drop {
                let line = LiveNotice(.dropped, fields: ["reason": .string(reason)]).line
                _ = transmit(descriptor, line[...])
            }
            _ = posixClose(descriptor)
        }
    }

    private func shutDown() {
        hub.withLock { takeDeliveries(into: &$0) }
        // Clients are owed the lines written before the close: a second at most to take them.
        let deadline = Date(timeIntervalSinceNow: 1)
        while Date() < deadline {
            var owed = hub.withLock { hub in
                hub.clients.compactMap { descriptor, client -> pollfd? in
                    let behind = !client.carry.isEmpty || !client.outbox.isEmpty
                        || (client.cursor.map { $0 < hub.history.bytes.count } ?? false)
                    return behind && client.drop == nil ? pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0) : nil
                }
            }
            if owed.isEmpty { break }
            guard poll(&owed, nfds_t(owed.count), 100) >= 0 || errno == EINTR else { break }
            for entry in owed where entry.revents != 0 { sendPending(entry.fd) }
        }
        let clients = hub.withLock { hub -> [Int32: Client] in
            defer { hub.clients = [:] }
            return hub.clients
        }
        for (descriptor, client) in clients {
            // What a client had not read yet is lost with the app's exit anyway; it gets the end of
            // its current line and the notice, as far as its socket takes them without waiting.
            var tail = client.carry + client.outbox
            if tail.isEmpty, client.historyMidLine, let cursor = client.cursor {
                let bytes = hub.withLock { $0.history.bytes }
                if let end = bytes[cursor...].firstIndex(of: 0x0A) { tail = Array(bytes[cursor...end]) }
            }
            tail += LiveNotice(.closed, fields: ["reason": "the app closed its recorder"]).line
            _ = transmit(descriptor, tail[...])
            _ = posixClose(descriptor)
        }
        for listener in listeners { _ = posixClose(listener.descriptor) }
        if let socketPath { _ = unlink(socketPath) }
        _ = posixClose(wakeRead)
        _ = posixClose(wakeWrite)
    }

    // MARK: Commands

    private func handle(_ request: LiveRequest, from descriptor: Int32) -> LiveReply {
        let client = hub.withLock { $0.clients[descriptor].map { (greeted: $0.greeted, isTCP: $0.isTCP) } }
        guard let client else { return LiveReply(id: request.id, error: "The connection is closing.") }
        if case .hello(let version, _, let token) = request.command {
            guard version == LiveProtocol.version else {
                return LiveReply(id: request.id, error: "This app speaks version \(LiveProtocol.version) of the live protocol, not \(version).")
            }
            if client.isTCP, !Self.sameToken(token, tcp?.token) {
                hub.withLock { $0.clients[descriptor]?.drop = "wrong or missing token" }
                return LiveReply(id: request.id, error: "The token is wrong or missing; use the one the app printed when it opened the port.")
            }
            hub.withLock { $0.clients[descriptor]?.greeted = true }
            return LiveReply(id: request.id, fields: helloFields())
        }
        guard client.greeted else {
            if client.isTCP { hub.withLock { $0.clients[descriptor]?.drop = "no hello with the token" } }
            return LiveReply(id: request.id, error: #"Say hello first: {"command":"hello","version":1}."#)
        }
        do throws(LiveCommandFailure) {
            return LiveReply(id: request.id, fields: try run(request.command, for: descriptor))
        } catch {
            return LiveReply(id: request.id, error: error.description)
        }
    }

    private func helloFields() -> JSONObject {
        let abilities = control.abilities
        return [
            "name": .string(LiveProtocol.name), "version": .integer(Int64(LiveProtocol.version)),
            "app": .string(control.appID), "pid": .integer(Int64(getpid())),
            "lastStep": .integer(Int64(control.lastStep)), "currentStep": .integer(Int64(control.currentStep)),
            "paused": .bool(control.isPaused),
            "canTravel": .bool(abilities.travel), "canDispatch": .bool(abilities.dispatch), "canPause": .bool(abilities.pause),
            "maxLineBytes": .integer(Int64(LiveProtocol.maxLineBytes)),
            "commands": .array(LiveCommand.names.map { .string($0) }),
        ]
    }

    private func run(_ command: LiveCommand, for descriptor: Int32) throws(LiveCommandFailure) -> JSONObject {
        switch command {
        case .hello:
            return [:]
        case .subscribe(let from):
            return try subscribe(descriptor, from: from)
        case .unsubscribe:
            hub.withLock { hub in
                guard var client = hub.clients[descriptor], let cursor = client.cursor else { return }
                if client.historyMidLine, let end = hub.history.bytes[cursor...].firstIndex(of: 0x0A) {
                    client.carry += hub.history.bytes[cursor...end]
                }
                client.cursor = nil
                client.historyMidLine = false
                hub.clients[descriptor] = client
            }
            return ["message": "journal lines stopped"]
        case .jump(let step):
            return travelled(try control.jump(to: step))
        case .undo(let count):
            return travelled(try control.undo(count))
        case .redo(let count):
            return travelled(try control.redo(count))
        case .dispatch(let type, let payload):
            let (label, queued) = try control.dispatch(type: type, payload: payload)
            let message = queued
                ? "the app is paused: \(label) is queued and runs on resume"
                : "the app dispatched \(label); its last step is \(control.lastStep)"
            return ["label": .string(label), "queued": .bool(queued), "lastStep": .integer(Int64(control.lastStep)),
                    "message": .string(message)]
        case .mark(let name):
            control.mark(name)
            return ["message": .string("marked \(JSONValue.string(name).serializedText()) after step \(control.lastStep)")]
        case .pause:
            try control.pause()
            broadcast(LiveNotice(.paused), except: descriptor)
            return ["paused": true, "message": "the app's dispatching is paused; its actions queue until resume"]
        case .resume:
            let count = try control.resume()
            broadcast(LiveNotice(.resumed, fields: ["queued": .integer(Int64(count))]), except: descriptor)
            return ["paused": false, "queued": .integer(Int64(count)),
                    "message": .string("the app dispatches again; \(count) queued action\(count == 1 ? "" : "s") ran")]
        case .snapshot:
            let (step, state) = try control.snapshot()
            return ["step": .integer(Int64(step)), "state": state]
        case .status:
            let clients = hub.withLock { $0.clients.count }
            return ["lastStep": .integer(Int64(control.lastStep)), "currentStep": .integer(Int64(control.currentStep)),
                    "paused": .bool(control.isPaused), "clients": .integer(Int64(clients))]
        }
    }

    private func travelled(_ step: Int) -> JSONObject {
        ["step": .integer(Int64(step)), "message": .string("the app's state is now step \(step)")]
    }

    private func subscribe(_ descriptor: Int32, from: Int) throws(LiveCommandFailure) -> JSONObject {
        let lastStep = control.lastStep
        guard from <= lastStep + 1 else {
            throw LiveCommandFailure("Step \(from) is past the end: the app's last step is \(lastStep); subscribe from \(lastStep + 1) at most to get only new steps.")
        }
        return try hub.withLock { hub throws(LiveCommandFailure) -> JSONObject in
            takeDeliveries(into: &hub)
            let history = hub.history
            guard from == 0 || from >= history.firstStep else {
                throw LiveCommandFailure("The live history starts at step \(history.firstStep); subscribe from 0 for all of it, or read earlier steps from the journal file.")
            }
            guard var client = hub.clients[descriptor] else { throw LiveCommandFailure("The connection is closing.") }
            if client.historyMidLine, let cursor = client.cursor,
               let end = history.bytes[cursor...].firstIndex(of: 0x0A) {
                client.carry += history.bytes[cursor...end]
            }
            client.afterReply = Array(history.bytes[..<history.headerLength])
            client.cursor = history.offset(ofStep: from)
            client.historyMidLine = false
            hub.clients[descriptor] = client
            return ["from": .integer(Int64(max(from, history.firstStep))), "firstStep": .integer(Int64(history.firstStep)),
                    "lastStep": .integer(Int64(lastStep))]
        }
    }

    private func broadcast(_ notice: LiveNotice, except descriptor: Int32) {
        let line = notice.line
        hub.withLock { hub in
            for (other, client) in hub.clients where other != descriptor && client.greeted {
                hub.clients[other]?.outbox.append(contentsOf: line)
            }
        }
        wake()
    }

    private static func sameToken(_ given: String?, _ expected: String?) -> Bool {
        guard let given, let expected else { return false }
        let a = Array(given.utf8), b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

// Safe because the pointer is only passed on to send(2), with the count of the buffer it came from.
private func posixSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, bytes, count, flags)
}

private func posixClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
