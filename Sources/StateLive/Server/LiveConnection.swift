/// One client of a ``LiveServer``: its socket, what it must still show to be served, the commands it
/// sent that wait their turn, and what the server owes it (replies, notices, journal lines).
///
/// Used only by the server's thread.
final class LiveConnection {
    let descriptor: Int32
    /// Which client it is, for the traps it sets and their notices.
    let id: LiveClientID
    /// The transport it came through, told what becomes of it.
    let origin: any LiveTransport
    /// What its `hello` must carry (from the transport it came through).
    let authentication: LiveAuthentication
    var splitter = LiveLineSplitter(limit: LiveProtocol.maxLineBytes)
    /// Whether it said `hello` (with the token, over TCP): only then is it a client that counts.
    var greeted = false
    /// When it must have said hello by.
    let helloDeadline: ContinuousClock.Instant
    /// The command lines received and not run yet, oldest first, with their bytes in all.
    var queued: [LiveLineSplitter.Piece] = []
    var queuedBytes = 0
    /// Whether the client closed its end: its queued commands still run, and nothing is sent.
    var hungUp = false
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
    /// Whether the last journal bytes sent ended mid-line.
    var historyMidLine = false
    /// When bytes last went out, or the outbox last filled: how long replies have waited to be read.
    var lastProgress: ContinuousClock.Instant
    /// Why the client is being dropped.
    var drop: String?
    /// The journal's files as the last `journal` listed them: what its `read` commands read.
    var journalParts: [LiveJournalParts.Part]?

    init(_ incoming: LiveIncoming, id: LiveClientID, origin: any LiveTransport, helloDeadline: ContinuousClock.Instant,
         now: ContinuousClock.Instant) {
        descriptor = incoming.descriptor
        self.id = id
        self.origin = origin
        authentication = incoming.authentication
        self.helloDeadline = helloDeadline
        lastProgress = now
    }

    /// Whether it has anything to send now.
    func wantsToSend(historyEnd: Int) -> Bool {
        !hungUp && (!carry.isEmpty || !outbox.isEmpty || (cursor.map { $0 < historyEnd } ?? false))
    }

    /// Whether its next command may run: it has one, and it has read the replies before it (a client
    /// that pipelines commands without reading makes its own commands wait, not anyone else's).
    var canRunCommand: Bool {
        drop == nil && !queued.isEmpty && (outbox.isEmpty || hungUp)
    }

    /// Whether the server should read more from its socket: not while it has enough commands waiting.
    func readsMore(_ configuration: LiveServerConfiguration) -> Bool {
        !hungUp && drop == nil && queued.count < configuration.maxQueuedCommands
            && queuedBytes < LiveProtocol.maxLineBytes
    }

    /// Appends a reply and what follows it (a subscription's header).
    func reply(_ line: [UInt8], now: ContinuousClock.Instant) {
        post(line + afterReply, now: now)
        afterReply = []
    }

    /// Appends whole lines to the outbox: a reply, a notice.
    func post(_ lines: [UInt8], now: ContinuousClock.Instant) {
        // The time the client has to read them starts now, not when it last read something.
        if outbox.isEmpty { lastProgress = now }
        outbox += lines
    }

    /// Sends what the socket takes now, replies before journal lines, never cutting a line short
    /// between them.
    func send(history: LiveHistory, now: ContinuousClock.Instant) {
        guard !hungUp else { return }
        while true {
            let sent: Int
            if !carry.isEmpty {
                sent = LiveSocket.sendAvailable(descriptor, carry[...])
                if sent > 0 { carry.removeFirst(sent) }
            } else if outboxMidLine || (!historyMidLine && !outbox.isEmpty) {
                sent = LiveSocket.sendAvailable(descriptor, outbox[...])
                if sent > 0 {
                    outboxMidLine = outbox[sent - 1] != 0x0A
                    outbox.removeFirst(sent)
                }
            } else if let cursor, cursor < history.bytes.count {
                sent = LiveSocket.sendAvailable(descriptor, history.bytes[cursor...])
                if sent > 0 {
                    self.cursor = cursor + sent
                    historyMidLine = history.bytes[cursor + sent - 1] != 0x0A
                }
            } else {
                return
            }
            if sent < 0 {
                drop = drop ?? "the connection failed"
                return
            }
            if sent == 0 { return }
            lastProgress = now
        }
    }

    /// Takes the rest of a journal line cut short into `carry`, so that what comes next starts a line.
    func finishHistoryLine(_ history: LiveHistory) {
        guard historyMidLine, let cursor, let end = history.bytes[cursor...].firstIndex(of: 0x0A) else { return }
        carry += history.bytes[cursor...end]
        historyMidLine = false
    }
}
