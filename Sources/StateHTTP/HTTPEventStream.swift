import StateSync

/// One client's server-sent event stream (`text/event-stream`): what the program sends it, held until
/// the connection's thread writes it.
///
/// ``send(_:id:)`` never waits: it adds the event to the stream's buffer and returns. A client that reads
/// slower than events come fills the buffer; past ``HTTPLimits/streamBufferBytes`` it is dropped (its
/// connection closed), so a stalled or closed tab costs the sender nothing. An event larger than the
/// limit goes to a client whose buffer is empty. ``sendBacklog(_:)`` adds what
/// the client must catch up on first, outside that limit.
///
/// ```swift
/// stream.send(#"{"type":"hello"}"#)      // data: {"type":"hello"}
/// stream.onEnd = { print("page disconnected") }
/// ```
package final class HTTPEventStream: Sendable {
    /// Why a stream ended.
    package enum Ending: Sendable, Equatable {
        /// The client closed the connection (the tab closed or reloaded).
        case closedByClient
        /// The client read slower than events came, and its buffer filled.
        case tooSlow
        /// A write failed or did not finish in time.
        case writeFailed
        /// The program or the server ended it.
        case closedByServer
    }

    private struct State {
        var pending: [UInt8] = []
        var liveBytes = 0
        var ending: Ending?
        var onEnd: (@Sendable (Ending) -> Void)?
    }

    private let state = Locked(State())
    private let limit: Int

    /// A stream whose buffer holds at most `bufferLimit` bytes of live events.
    package init(bufferLimit: Int) {
        limit = bufferLimit
    }

    /// Called once, on the connection's thread, when the stream ends.
    package var onEnd: (@Sendable (Ending) -> Void)? {
        get { state.withLock { $0.onEnd } }
        set { state.withLock { $0.onEnd = newValue } }
    }

    /// Why it ended, or `nil` while it lasts.
    package var ending: Ending? { state.withLock { $0.ending } }

    /// Sends one event whose data is `data` (one line: a line feed in it would end the event early, so
    /// each line becomes a `data:` line of its own); `id` sets the stream's last event id, which a
    /// browser sends back as `Last-Event-ID` when it reconnects. Returns `false` when the stream has
    /// ended, or ends now because its buffer is full.
    @discardableResult
    package func send(_ data: String, id: String? = nil) -> Bool {
        let bytes = Self.event(data, id: id)
        let accepted = state.withLock { state -> Bool in
            guard state.ending == nil else { return false }
            // One event larger than the whole buffer (a keyframe of a large state) still goes to a client
            // that has kept up; only a client behind on earlier events is dropped.
            if state.liveBytes > 0, state.liveBytes + bytes.count > limit {
                state.ending = .tooSlow
                state.pending = []
                return false
            }
            state.pending += bytes
            state.liveBytes += bytes.count
            return true
        }
        state.wakeWaiters()
        return accepted
    }

    /// Adds events the client must catch up on before the live ones, outside the buffer's limit (they
    /// are the program's own history, not a backlog the client let grow).
    package func sendBacklog(_ events: [(data: String, id: String?)]) {
        var bytes: [UInt8] = []
        for (data, id) in events { bytes += Self.event(data, id: id) }
        state.withLock { state in
            if state.ending == nil { state.pending += bytes }
        }
        state.wakeWaiters()
    }

    /// Ends the stream; its connection closes once what is buffered is written.
    package func close() {
        end(.closedByServer)
    }

    func end(_ ending: Ending) {
        state.withLock { state in
            if state.ending == nil { state.ending = ending }
        }
        state.wakeWaiters()
    }

    /// Waits up to `timeout` for bytes to write; returns them (empty when none came) and whether the
    /// stream has ended (what is returned with the ending is still to be written).
    func take(within timeout: Duration) -> (bytes: [UInt8], ended: Ending?) {
        state.withLock(when: { !$0.pending.isEmpty || $0.ending != nil }, timeout: timeout) { state, _ in
            defer {
                state.pending = []
                state.liveBytes = 0
            }
            // A client dropped for being slow gets nothing more.
            return (state.ending == .tooSlow ? [] : state.pending, state.ending)
        }
    }

    /// Calls `onEnd` once.
    func finish(_ ending: Ending) {
        end(ending)
        let (callback, reason) = state.withLock { state -> ((@Sendable (Ending) -> Void)?, Ending) in
            defer { state.onEnd = nil }
            return (state.onEnd, state.ending ?? ending)
        }
        callback?(reason)
    }

    /// An event's bytes.
    static func event(_ data: String, id: String?) -> [UInt8] {
        var text = ""
        if let id { text += "id: \(id)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: "
            text += line.hasSuffix("\r") ? line.dropLast() : line
            text += "\n"
        }
        return Array((text + "\n").utf8)
    }
}
