import Foundation
import StateJSON
import StateLive

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Safe because the mutable members are behind `condition` and the descriptor is written once, before sharing (hence
// `@unchecked`).
/// A debugger's connection to a running app's live channel.
///
/// It says hello, subscribes, and from then on a thread of its own copies the journal lines the app
/// streams into a local *mirror* journal, whole lines only, which a ``FollowedJournal`` reads. When the
/// app goes away (even killed), the mirror keeps every step that arrived. Commands are sent with
/// ``request(_:timeout:)`` and wait for their reply.
///
/// ```swift
/// let client = try LiveClient(endpoint: .unix("/run/user/1000/statedbg/4242.sock"), mirror: "users-live.jsonl")
/// let journal = try FollowedJournal(path: client.mirrorPath)
/// let reply = try client.request(.jump(step: 3))   // the app's state is now step 3
/// ```
package final class LiveClient: @unchecked Sendable {
    // `@unchecked`: the mutable members are behind `condition`; the descriptor is written once.

    /// Where the app listens.
    package let endpoint: LiveEndpoint
    /// The local journal the streamed lines go to.
    package let mirrorPath: String
    /// The app's answer to hello: `app`, `pid`, `lastStep`, `canTravel`, `canDispatch`, `canPause`, ….
    package private(set) var greeting = JSONObject()

    private let descriptor: Int32
    private let mirror: Int32
    private let condition = NSCondition()
    private var replies: [JSONValue: LiveReply] = [:]
    private var notices: [LiveNotice] = []
    /// Whether the app said no more journal lines will come (its recorder closed, or it dropped this client).
    private var linesEnded = false
    private var ended: String?
    private var mirroredLines = 0
    private var nextID: Int64 = 1
    private var descriptorClosed = false
    private let finished = DispatchSemaphore(value: 0)

    /// Connects, says hello (with `token` over TCP) and subscribes from step `from` (0: everything
    /// the app holds), streaming into a new mirror file at `mirror` (mode 0600; it must not exist).
    ///
    /// - Throws: ``LiveChannelError`` when the app cannot be reached, refuses, or does not answer in time.
    package init(endpoint: LiveEndpoint, token: String? = nil, mirror: String, from: Int = 0,
                client: String = "statedbg") throws(LiveChannelError) {
        self.endpoint = endpoint
        mirrorPath = mirror
        descriptor = try LiveSocket.connect(endpoint)
        let file = open(mirror, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
        guard file >= 0 else {
            let code = errno
            _ = Foundation.close(descriptor)
            throw .system("cannot create the mirror journal \(mirror)", code)
        }
        self.mirror = file
        let thread = Thread { [self] in readLoop() }
        thread.name = "statedbg live client"
        thread.start()
        do throws(LiveChannelError) {
            let hello = try request(.hello(version: LiveProtocol.version, client: client, token: token), timeout: 10)
            if let error = hello.error { throw LiveChannelError("The app at \(endpoint) refused the connection: \(error)") }
            greeting = hello.fields
            let subscribed = try request(.subscribe(from: from), timeout: 10)
            if let error = subscribed.error { throw LiveChannelError("The app at \(endpoint) refused to stream its journal: \(error)") }
            try waitForHeader()
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Sends a command and waits for its reply.
    ///
    /// - Throws: ``LiveChannelError`` when the connection has ended or no reply came within `timeout` seconds.
    package func request(_ command: LiveCommand, timeout: Double = 30) throws(LiveChannelError) -> LiveReply {
        condition.lock()
        let id = JSONValue.integer(nextID)
        nextID += 1
        if let ended {
            condition.unlock()
            throw LiveChannelError("The connection to the app has ended: \(ended)")
        }
        condition.unlock()
        var sendFailure: LiveChannelError?
        do {
            try LiveSocket.sendAll(descriptor, LiveRequest(id: id, command: command).line)
        } catch {
            sendFailure = error
        }
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        if let sendFailure {
            // The app went away: say why, as the reading thread learns it.
            while ended == nil, condition.wait(until: Date(timeIntervalSinceNow: 2)) {}
            throw ended.map { LiveChannelError("The connection to the app has ended: \($0)") } ?? sendFailure
        }
        while true {
            if let reply = replies.removeValue(forKey: id) { return reply }
            if let ended { throw LiveChannelError("The connection to the app has ended: \(ended)") }
            if !condition.wait(until: deadline) {
                throw LiveChannelError("The app did not answer \(command.name) within \(Int(timeout)) seconds.")
            }
        }
    }

    /// Why the connection ended, or `nil` while it lasts.
    package var endReason: String? {
        condition.lock()
        defer { condition.unlock() }
        return ended
    }

    /// Whether no more journal lines will come: the connection ended, or the app said its recorder
    /// closed or it dropped this client (which ``takeNotices()`` reports once; this stays true).
    package var hasNoMoreLines: Bool {
        condition.lock()
        defer { condition.unlock() }
        return ended != nil || linesEnded
    }

    /// The notices that came since the last call (the app paused, resumed, closed, …).
    package func takeNotices() -> [LiveNotice] {
        condition.lock()
        defer { condition.unlock() }
        let taken = notices
        notices = []
        return taken
    }

    /// Waits until the journal line count of the mirror reaches `lines` or `timeout` seconds pass.
    @discardableResult
    package func waitForMirror(lines: Int, timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while mirroredLines < lines {
            if ended != nil || !condition.wait(until: deadline) { return mirroredLines >= lines }
        }
        return true
    }

    /// Ends the connection; the mirror keeps what arrived.
    package func close() {
        condition.lock()
        if ended == nil { ended = "the debugger closed the connection" }
        let first = !descriptorClosed
        descriptorClosed = true
        condition.unlock()
        guard first else { return }
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        finished.wait()
        _ = Foundation.close(descriptor)
    }

    private func waitForHeader() throws(LiveChannelError) {
        guard waitForMirror(lines: 1, timeout: 10) else {
            throw LiveChannelError("The app at \(endpoint) sent no journal header: \(endReason ?? "it stayed silent for 10 seconds").")
        }
    }

    private func readLoop() {
        defer {
            _ = Foundation.close(mirror)
            finished.signal()
        }
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
            condition.lock()
            mirroredLines += lines
            for reply in received { replies[reply.id] = reply }
            notices += arrived
            if arrived.contains(where: { $0.kind == .closed || $0.kind == .dropped }) { linesEnded = true }
            condition.broadcast()
            condition.unlock()
        }
        condition.lock()
        if ended == nil {
            let last = notices.last(where: { $0.kind == .closed || $0.kind == .dropped })
            if let reason = last?.fields["reason"]?.stringValue {
                why = reason
            } else if why == "the app closed the connection" {
                why = "the connection to the app ended without a goodbye: the app exited or was killed"
            }
            if splitter.unfinished > 0 { why += " (a last line of \(splitter.unfinished) bytes was cut off and left out)" }
            ended = why
        }
        condition.broadcast()
        condition.unlock()
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
