import StateJSON
import StateJournal
import StateLive
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

/// The page's connection to the app's live channel, inside the app: it speaks the live wire over an
/// in-process connection (``StateLive/LiveInProcessListener``), so the page gets what `statedbg attach`
/// gets, and turns the wire's lines into the page's messages and the page's requests into wire lines.
///
/// Two threads of its own: one reads the connection, one writes the requests. Nothing the page does
/// makes the app wait: a request is queued (at most ``PageBridge/Limits/pendingRequests`` unanswered),
/// and messages wait for the page up to ``PageBridge/Limits/bufferedBytes``; past that the reader stops
/// reading, the app's server holds what follows up to its own client limit and then drops the page,
/// which is told why.
final class PageConnection: Sendable {
    private static let helloID = JSONValue.string("page-bridge-hello")
    private static let subscribeID = JSONValue.string("page-bridge-subscribe")

    private struct Shared {
        var outbox = PageOutbox()
        /// Whether a batch is with the page, not yet delivered, its size and its number.
        var delivering = false
        var deliveringBytes = 0
        var batch = 0
        /// Request lines for the writer.
        var requests: [[UInt8]] = []
        /// The page's id of each request sent, by the wire id it went with.
        var pending: [Int64: JSONValue] = [:]
        var nextID: Int64 = 1
        /// The schema of each action tag, from the journal's header, to read typed actions with.
        var actionShapes: [String: JSONValue] = [:]
        /// Why the connection to the app ended, once it has.
        var ended: String?
        /// Why it will end, as the app said in a notice before closing it.
        var endingReason: String?
        /// Whether the page went away (``close()``).
        var closed = false
        /// The threads still using the descriptor; the last one out closes it.
        var threads = 0
    }

    private let descriptor: Int32
    private let limits: PageBridge.Limits
    private let deliver: @Sendable ([PageMessage], @escaping @Sendable () -> Void) -> Void
    private let shared = Locked(Shared())

    /// Speaks the live wire over `connect()`'s connection: says hello, subscribes from the journal's
    /// header on, and hands the page what comes through `deliver`, one batch at a time (the page calls
    /// the closure it is given once it has the batch). A connection that cannot be made is told to the
    /// page as an error.
    init(connect: () throws(LiveChannelError) -> Int32, limits: PageBridge.Limits,
         deliver: @escaping @Sendable ([PageMessage], @escaping @Sendable () -> Void) -> Void) {
        self.limits = limits
        self.deliver = deliver
        var descriptor: Int32 = -1
        var failure: String?
        do throws(LiveChannelError) {
            descriptor = try connect()
        } catch {
            failure = error.description
        }
        self.descriptor = descriptor
        if let failure {
            shared.withLock { shared in
                shared.ended = failure
                shared.outbox.append(.error("The page cannot reach the app: \(failure.withoutFinalPeriod)."))
            }
            pump()
            return
        }
        shared.withLock { shared in
            shared.requests = [
                LiveRequest(id: Self.helloID, command: .hello(version: LiveProtocol.version, client: "statedbg page")).line,
                LiveRequest(id: Self.subscribeID, command: .subscribe(from: 0)).line,
            ]
            shared.threads = 2
        }
        // 8 MiB, as the live server's: the reader parses the journal's header, which may nest deeply.
        do {
            try DetachedThread.start(name: "statedbg page reader", stackBytes: 8 << 20) { [self] in readLoop() }
        } catch {
            end(because: "statedbg could not start a thread to read the app's live channel: \(error)")
            threadEnded()
        }
        do {
            try DetachedThread.start(name: "statedbg page writer", stackBytes: 1 << 20) { [self] in writeLoop() }
        } catch {
            end(because: "statedbg could not start a thread to write to the app's live channel: \(error)")
            threadEnded()
        }
    }

    // MARK: From the page

    /// Sends a request from the page (JSON text) to the app; one the bridge refuses gets its error reply
    /// at once. Never waits for the app.
    func receive(_ json: [UInt8]) {
        let request: PageRequest
        let command: LiveCommand
        do throws(PageRequestError) {
            request = try PageRequest(json: json, maxBytes: limits.requestBytes)
            command = try request.liveCommand(actionShapes: shared.withLock { $0.actionShapes })
        } catch {
            refuse(error)
            return
        }
        let refusal = shared.withLock { shared -> PageRequestError? in
            if shared.closed { return .appGone(id: request.id, "the page was closed") }
            if let ended = shared.ended { return .appGone(id: request.id, ended) }
            guard shared.pending.count < limits.pendingRequests else { return .tooManyPending(id: request.id, limits.pendingRequests) }
            let wireID = shared.nextID
            shared.nextID += 1
            shared.pending[wireID] = request.id
            shared.requests.append(LiveRequest(id: .integer(wireID), command: command).line)
            return nil
        }
        if let refusal { refuse(refusal) } else { shared.wakeWaiters() }
    }

    /// The page went away: nothing more is delivered, the threads end, and the app's server sees the
    /// connection close. Callable from any thread, more than once.
    func close() {
        shared.withLock { shared in
            guard !shared.closed else { return }
            shared.closed = true
            _ = shared.outbox.takeAll()
            // Under the lock: the last thread closes the descriptor only after it has left the count.
            if shared.threads > 0 { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
        shared.wakeWaiters()
    }

    private func refuse(_ error: PageRequestError) {
        shared.withLock { shared in
            // A page that reads nothing needs no answers: its refusals are not kept past the bound.
            guard !shared.closed, shared.outbox.bytes + shared.deliveringBytes < limits.bufferedBytes else { return }
            shared.outbox.append(.reply(LiveReply(id: error.id, error: error.description)))
        }
        pump()
    }

    // MARK: To the page

    /// Hands the page what waits, unless it has a batch already.
    private func pump() {
        let taken = shared.withLock { shared -> (number: Int, messages: [PageMessage])? in
            guard !shared.delivering, !shared.closed, !shared.outbox.isEmpty else { return nil }
            shared.delivering = true
            shared.deliveringBytes = shared.outbox.bytes
            shared.batch += 1
            return (shared.batch, shared.outbox.takeAll())
        }
        guard let taken else { return }
        deliver(taken.messages) { [self] in
            // Once per batch, however often the page says it has it.
            let first = shared.withLock { shared -> Bool in
                guard shared.delivering, shared.batch == taken.number else { return false }
                shared.delivering = false
                shared.deliveringBytes = 0
                return true
            }
            guard first else { return }
            shared.wakeWaiters()
            pump()
        }
    }

    // MARK: The threads

    private func readLoop() {
        // A journal line may hold a whole state, up to the journal's limit; wire lines are shorter.
        var splitter = LiveLineSplitter(limit: JournalLimits.maxLineBytes + 1024)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var sawHeader = false
        var why = "the app closed the connection"
        while true {
            // Safe because each pointer is used only inside its closure, with a count inside its buffer.
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                if count < 0 { why = "reading from the app failed: \(String(cString: strerror(errno)))" }
                break
            }
            var lines: [[UInt8]] = []
            var skipped: [Int] = []
            // Safe because the pointer is used only inside the closure, with a count inside its buffer.
            buffer.withUnsafeBytes { bytes in
                splitter.append(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { piece in
                    switch piece {
                    case .line(let line): if !line.isEmpty { lines.append(line) }
                    case .tooLong(let length): skipped.append(length)
                    }
                }
            }
            var shapes: [String: JSONValue]?
            if !sawHeader, let header = lines.first(where: { !Self.isWireLine($0) }) {
                sawHeader = true
                shapes = Self.actionShapes(header: header)
            }
            let room = shared.withLock { shared -> Bool in
                if let shapes { shared.actionShapes = shapes }
                for length in skipped {
                    shared.outbox.append(.error("The app sent a line of \(length) bytes, longer than any journal line; it was left out."))
                }
                for line in lines { translate(line, into: &shared) }
                return !shared.closed
            }
            guard room else { break }
            pump()
            let open = shared.withLock(when: { $0.closed || $0.outbox.bytes + $0.deliveringBytes < limits.bufferedBytes }) { !$0.closed }
            guard open else { break }
        }
        end(because: why)
        threadEnded()
    }

    private func writeLoop() {
        while true {
            let lines = shared.withLock(when: { !$0.requests.isEmpty || $0.closed || $0.ended != nil }) { shared -> [[UInt8]]? in
                guard !shared.closed, shared.ended == nil else { return nil }
                defer { shared.requests = [] }
                return shared.requests
            }
            guard let lines else { break }
            do throws(LiveChannelError) {
                for line in lines { try LiveSocket.sendAll(descriptor, line) }
            } catch {
                // The reader learns why the connection ended and tells the page.
                break
            }
        }
        threadEnded()
    }

    /// The connection to the app ended: the page is told why (unless it went away), and the requests it
    /// is waiting for are answered with the reason.
    private func end(because why: String) {
        shared.withLock { shared in
            guard shared.ended == nil else { return }
            let reason = shared.endingReason ?? why
            shared.ended = reason
            guard !shared.closed else { return }
            for (_, id) in shared.pending.sorted(by: { $0.key < $1.key }) {
                shared.outbox.append(.reply(LiveReply(id: id, error: "The app did not answer: the page lost it (\(reason.withoutFinalPeriod)).")))
            }
            shared.pending = [:]
            shared.outbox.append(.ended("The page lost the app: \(reason.withoutFinalPeriod). Open the page again to see the app."))
        }
        shared.wakeWaiters()
        pump()
    }

    private func threadEnded() {
        let last = shared.withLock { shared -> Bool in
            shared.threads -= 1
            return shared.threads == 0
        }
        if last { LiveSocket.close(descriptor) }
    }

    // MARK: The wire's lines

    /// Whether a line the app sent is its own (a reply or a notice) rather than a journal line.
    private static func isWireLine(_ line: [UInt8]) -> Bool {
        line.starts(with: #"{"reply""#.utf8) || line.starts(with: #"{"live""#.utf8)
    }

    /// The page's message for one line from the app, if any.
    private func translate(_ line: [UInt8], into shared: inout Shared) {
        guard Self.isWireLine(line) else {
            shared.outbox.append(.lines([line]))
            return
        }
        guard case .object(let object)? = try? JSONValue(parsing: line) else { return }
        if let notice = LiveNotice(object) {
            switch notice.event {
            case .dropped(let reason), .closed(let reason): shared.endingReason = reason
            case .paused, .resumed, .rebased, .dialed, .trap: break
            }
            shared.outbox.append(.notice(notice))
            return
        }
        guard var reply = LiveReply(object) else { return }
        switch reply.id {
        case Self.helloID:
            if let error = reply.error {
                shared.outbox.append(.error("The app refused the page: \(error.withoutFinalPeriod)."))
            } else {
                var greeting = reply.fields
                greeting["commands"] = .array(PageRequest.commands.map { .string($0) })
                shared.outbox.append(.hello(greeting))
            }
        case Self.subscribeID:
            if let error = reply.error {
                shared.outbox.append(.error("The app does not stream its journal to the page: \(error.withoutFinalPeriod)."))
            }
        case .integer(let wireID):
            guard let id = shared.pending.removeValue(forKey: wireID) else { return }
            reply.id = id
            shared.outbox.append(.reply(reply))
        default:
            break
        }
    }

    /// The schema of each action tag a journal header describes (`schema.actions`); empty when it
    /// describes none.
    static func actionShapes(header: [UInt8]) -> [String: JSONValue] {
        guard case .object(let object)? = try? JSONValue(parsing: header), case .object(let schema)? = object["schema"],
              case .object(let tags)? = schema["actions"] else { return [:] }
        var shapes: [String: JSONValue] = [:]
        for (tag, shape) in zip(tags.keys, tags.values) { shapes[tag] = shape }
        return shapes
    }
}
