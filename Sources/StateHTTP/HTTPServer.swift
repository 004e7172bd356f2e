import StateSync

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1, for one program's page: it reads requests within
/// ``HTTPLimits``, hands each to the program's handler, and writes the answer, a response or an event
/// stream that lasts until either side ends it.
///
/// Each connection has a thread of its own, at most ``HTTPLimits/connections`` of them; one more is
/// answered 503. A request must arrive whole within ``HTTPLimits/requestTimeout`` of its first byte,
/// a kept-alive connection may idle ``HTTPLimits/idleTimeout``, and a write may block
/// ``HTTPLimits/writeTimeout``. The handler runs on the connection's thread.
///
/// ```swift
/// let server = try HTTPServer(port: 0)
/// try server.start { request in
///     request.path == "/" ? .response(.json("{}")) : .response(HTTPError(.notFound, "No such page.").response)
/// }
/// print(server.port)
/// server.close()
/// ```
package final class HTTPServer: Sendable {
    /// What the handler answers a request with.
    package enum Answer: Sendable {
        /// A response, written at once.
        case response(HTTPResponse)
        /// An event stream: the server writes its head, then whatever the program sends through it,
        /// with heartbeats, until the client or the program ends it.
        case events(HTTPEventStream)
    }

    /// The port listened on (the one the system picked, when asked for 0).
    package let port: UInt16
    /// The limits it keeps.
    package let limits: HTTPLimits

    private let listener: Int32
    private let state = Locked(State())

    private struct State {
        var handler: (@Sendable (HTTPRequest) -> Answer)?
        var connections = 0
        var closing = false
        var acceptorDone = true
    }

    /// Listens on `127.0.0.1:port` (0: any free port); connections wait until ``start(_:)``.
    ///
    /// - Throws: ``HTTPServerError`` when the port cannot be opened.
    package init(port: UInt16 = 0, limits: HTTPLimits = HTTPLimits()) throws(HTTPServerError) {
        (listener, self.port) = try HTTPSocket.listenLoopback(port: port)
        self.limits = limits
    }

    /// Serves requests with `handler` until ``close()``: a program whose handler needs the port
    /// (``HTTPGate``) makes the server first, then starts it.
    ///
    /// - Throws: ``HTTPServerError`` when the accepting thread cannot start.
    package func start(_ handler: @escaping @Sendable (HTTPRequest) -> Answer) throws(HTTPServerError) {
        state.withLock { state in
            state.handler = handler
            state.acceptorDone = false
        }
        do {
            try DetachedThread.start(name: "statedbg http", stackBytes: 256 << 10) { [self] in acceptLoop() }
        } catch {
            state.withLock { $0.acceptorDone = true }
            throw HTTPServerError("cannot start the server's thread", error.errno)
        }
    }

    /// The connections open now.
    package var connectionCount: Int { state.withLock { $0.connections } }

    /// Stops accepting, ends every connection and event stream, and waits (up to 5 seconds) for their
    /// threads to finish.
    package func close() {
        let first = state.withLock { state -> Bool in
            defer { state.closing = true }
            return !state.closing
        }
        state.wakeWaiters()
        guard first else { return }
        state.withLock(when: { $0.acceptorDone && $0.connections == 0 }, timeout: .seconds(5)) { _, _ in }
        HTTPSocket.close(listener)
    }

    private var isClosing: Bool { state.withLock { $0.closing } }

    private func acceptLoop() {
        while !isClosing {
            guard HTTPSocket.waitReadable(listener, timeout: .milliseconds(100)) else { continue }
            while let connection = HTTPSocket.accept(listener, writeTimeout: limits.writeTimeout) {
                let admitted = state.withLock { state -> Bool in
                    guard !state.closing, state.connections < limits.connections else { return false }
                    state.connections += 1
                    return true
                }
                guard admitted else {
                    refuse(connection, HTTPError(.unavailable, "Too many connections are open; try again later."))
                    continue
                }
                do {
                    try DetachedThread.start(name: "statedbg http connection", stackBytes: 256 << 10) { [self] in
                        serve(connection)
                        state.withLock { $0.connections -= 1 }
                        state.wakeWaiters()
                    }
                } catch {
                    state.withLock { $0.connections -= 1 }
                    refuse(connection, HTTPError(.unavailable, "The server cannot take another connection now."))
                }
            }
        }
        state.withLock { $0.acceptorDone = true }
        state.wakeWaiters()
    }

    /// Answers with a refusal and closes, without waiting for the client: a write that does not go at
    /// once is given up.
    private func refuse(_ connection: Int32, _ error: HTTPError) {
        var response = error.response
        response.closesConnection = true
        _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
        _ = HTTPSocket.sendAll(connection, response.bytes)
        HTTPSocket.close(connection)
    }

    /// Serves one connection's requests until it closes, idles, breaks a limit, or becomes an event stream.
    private func serve(_ connection: Int32) {
        defer { HTTPSocket.close(connection) }
        var parser = HTTPRequestParser(limits: limits)
        let clock = ContinuousClock()
        while !isClosing {
            let request: HTTPRequest
            do {
                guard let next = try read(connection, &parser, clock) else { return }
                request = next
            } catch {
                _ = HTTPSocket.sendAll(connection, error.response.bytes)
                return
            }
            guard let handler = state.withLock({ $0.handler }) else { return }
            switch handler(request) {
            case .response(var response):
                if request.closesConnection { response.closesConnection = true }
                guard HTTPSocket.sendAll(connection, response.bytes), !response.closesConnection else { return }
            case .events(let stream):
                stream.finish(write(stream, to: connection))
                return
            }
        }
    }

    /// The next request: waits for its first byte up to the idle timeout, then for the rest up to the
    /// request timeout. `nil` when the client closed or idled, or the server is closing.
    private func read(_ connection: Int32, _ parser: inout HTTPRequestParser,
                      _ clock: ContinuousClock) throws(HTTPError) -> HTTPRequest? {
        if let request = try parser.next() { return request }
        let idleEnd = clock.now + limits.idleTimeout
        var requestEnd = parser.pending > 0 ? clock.now + limits.requestTimeout : nil
        while !isClosing {
            let now = clock.now
            let end = requestEnd ?? idleEnd
            if now >= end {
                if requestEnd != nil {
                    throw HTTPError(.timeout, "The request did not arrive whole within \(limits.requestTimeout.milliseconds / 1000) seconds.")
                }
                return nil
            }
            // Short waits, so a closing server is noticed soon.
            guard HTTPSocket.waitReadable(connection, timeout: min(end - now, .milliseconds(250))) else { continue }
            let bytes = HTTPSocket.receive(connection)
            if bytes.isEmpty { return nil }
            if requestEnd == nil { requestEnd = clock.now + limits.requestTimeout }
            parser.append(bytes)
            if let request = try parser.next() { return request }
        }
        return nil
    }

    /// Writes an event stream until it ends; why it ended.
    private func write(_ stream: HTTPEventStream, to connection: Int32) -> HTTPEventStream.Ending {
        guard HTTPSocket.sendAll(connection, HTTPResponse.eventStreamHead + Array("retry: 2000\n\n".utf8)) else { return .writeFailed }
        let clock = ContinuousClock()
        var lastWrite = clock.now
        while true {
            if isClosing { stream.end(.closedByServer) }
            let (bytes, ending) = stream.take(within: .milliseconds(250))
            if !bytes.isEmpty {
                guard HTTPSocket.sendAll(connection, bytes) else { return .writeFailed }
                lastWrite = clock.now
            }
            if let ending { return ending }
            if HTTPSocket.peerClosed(connection) { return .closedByClient }
            if clock.now - lastWrite >= limits.heartbeat {
                guard HTTPSocket.sendAll(connection, Array(": heartbeat\n\n".utf8)) else { return .writeFailed }
                lastWrite = clock.now
            }
        }
    }
}
