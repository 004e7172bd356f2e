import Foundation
import StateHTTP
import StateSync
import Testing
import TestSupport

/// The server against hostile clients over loopback: each test bounds its connections and its time
/// (the limits are made small so a refusal comes in well under a second).
@Suite struct HTTPServerTests {
    static let token = "00112233445566778899aabbccddeeff"

    /// A server whose `/` answers "hello", `/secret` needs the token, and `/events` streams what `streams` gets.
    final class Fixture: Sendable {
        let server: HTTPServer
        let gate: HTTPGate
        let streams = Locked<[HTTPEventStream]>([])
        let endings = Locked<[HTTPEventStream.Ending]>([])

        init(_ limits: HTTPLimits) throws {
            server = try HTTPServer(port: 0, limits: limits)
            gate = HTTPGate(port: server.port, token: HTTPServerTests.token)
            try server.start { [self] request in
                do throws(HTTPError) {
                    switch request.path {
                    case "/":
                        try gate.check(request, needsToken: false)
                        return .response(HTTPResponse(status: 200, contentType: "text/plain", body: Array("hello".utf8)))
                    case "/secret":
                        try gate.check(request, needsToken: true)
                        return .response(.json(#"{"ok":true}"#))
                    case "/events":
                        try gate.check(request, needsToken: true, tokenInQuery: true)
                        let stream = HTTPEventStream(bufferLimit: limits.streamBufferBytes)
                        stream.onEnd = { [self] ending in endings.withLock { $0.append(ending) } }
                        streams.withLock { $0.append(stream) }
                        return .events(stream)
                    default:
                        throw HTTPError(.notFound, "No such page.")
                    }
                } catch {
                    return .response(error.response)
                }
            }
        }

        var port: UInt16 { server.port }
        var host: String { "127.0.0.1:\(server.port)" }

        func waitForStreams(_ count: Int) -> [HTTPEventStream] {
            for _ in 0..<200 {
                let streams = streams.withLock { $0 }
                if streams.count >= count { return streams }
                usleep(10_000)
            }
            return streams.withLock { $0 }
        }

        func waitForEndings(_ count: Int) -> [HTTPEventStream.Ending] {
            for _ in 0..<500 {
                let endings = endings.withLock { $0 }
                if endings.count >= count { return endings }
                usleep(10_000)
            }
            return endings.withLock { $0 }
        }
    }

    static var small: HTTPLimits {
        var limits = HTTPLimits()
        limits.requestTimeout = .milliseconds(400)
        limits.idleTimeout = .milliseconds(400)
        limits.writeTimeout = .milliseconds(400)
        limits.heartbeat = .milliseconds(200)
        limits.connections = 3
        limits.headBytes = 1024
        limits.bodyBytes = 1024
        return limits
    }

    @Test func servesRequestsOnAKeptAliveConnection() throws {
        let fixture = try Fixture(Self.small)
        defer { fixture.server.close() }
        let connection = try LoopbackHTTPConnection(port: fixture.port)
        for _ in 0..<3 {
            connection.send("GET / HTTP/1.1\r\nHost: \(fixture.host)\r\n\r\n")
            let response = try #require(connection.response())
            #expect(response.status == 200)
            #expect(response.body == "hello")
            #expect(response.head.contains("X-Content-Type-Options: nosniff"))
        }
    }

    @Test func oversizedHeadsAndBodiesAreRefusedAndTheConnectionClosed() throws {
        let fixture = try Fixture(Self.small)
        defer { fixture.server.close() }
        let head = try LoopbackHTTPConnection(port: fixture.port)
        head.send("GET / HTTP/1.1\r\nHost: \(fixture.host)\r\nX-Big: \(String(repeating: "a", count: 4096))\r\n\r\n")
        #expect(head.response()?.status == 431)
        #expect(head.isClosedByServer(within: 2))
        let line = try LoopbackHTTPConnection(port: fixture.port)
        line.send("GET /\(String(repeating: "a", count: 3000)) HTTP/1.1\r\n")
        #expect(line.response()?.status == 414)
        let body = try LoopbackHTTPConnection(port: fixture.port)
        body.send("POST /secret HTTP/1.1\r\nHost: \(fixture.host)\r\nContent-Length: 5000\r\n\r\n")
        #expect(body.response()?.status == 413)
        #expect(body.isClosedByServer(within: 2))
    }

    @Test func aSlowSenderIsCutOffAtTheRequestTimeout() throws {
        let fixture = try Fixture(Self.small)
        defer { fixture.server.close() }
        let connection = try LoopbackHTTPConnection(port: fixture.port)
        // A byte every 100 ms never finishes the head; the server answers 408 and closes.
        var answer = ""
        for byte in "GET / HTTP/1.1\r\nHost: \(fixture.host)\r\nX: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8 {
            guard connection.send([byte]) else { break }
            usleep(100_000)
            answer = connection.readAll(timeout: 0.001)
            if !answer.isEmpty { break }
        }
        answer += connection.readAll(timeout: 2)
        #expect(answer.hasPrefix("HTTP/1.1 408 "), "\(answer)")
    }

    @Test func anIdleConnectionIsClosed() throws {
        let fixture = try Fixture(Self.small)
        defer { fixture.server.close() }
        let connection = try LoopbackHTTPConnection(port: fixture.port)
        #expect(connection.isClosedByServer(within: 5))
    }

    @Test func connectionsPastTheLimitAreRefusedWith503() throws {
        var limits = Self.small
        limits.idleTimeout = .seconds(5)
        let fixture = try Fixture(limits)
        defer { fixture.server.close() }
        let held = try (0..<3).map { _ in try LoopbackHTTPConnection(port: fixture.port) }
        for _ in 0..<100 where fixture.server.connectionCount < 3 { usleep(10_000) }
        #expect(fixture.server.connectionCount == 3)
        let extra = try LoopbackHTTPConnection(port: fixture.port)
        #expect(extra.response()?.status == 503)
        for connection in held { connection.close() }
        // The held ones closed, a new connection is served.
        for _ in 0..<300 where fixture.server.connectionCount > 0 { usleep(10_000) }
        let later = try LoopbackHTTPConnection.exchange(port: fixture.port, "GET / HTTP/1.1\r\nHost: \(fixture.host)\r\n\r\n")
        #expect(later?.status == 200)
    }

    @Test func theTokenHostAndOriginAreChecked() throws {
        let fixture = try Fixture(Self.small)
        defer { fixture.server.close() }
        func status(_ path: String, _ fields: String) throws -> Int? {
            // One exchange at a time: the fixture serves few connections, and a closed one is let go
            // a moment after its response (a loaded machine would otherwise see 503 here).
            for _ in 0..<300 where fixture.server.connectionCount > 0 { usleep(10_000) }
            return try LoopbackHTTPConnection.exchange(port: fixture.port, "GET \(path) HTTP/1.1\r\n\(fields)\r\n")?.status
        }
        let host = "Host: \(fixture.host)\r\n"
        #expect(try status("/secret", host) == 401)
        #expect(try status("/secret", host + "Authorization: Bearer 00112233445566778899aabbccddeefe\r\n") == 401)
        #expect(try status("/secret", host + "Authorization: Bearer \(Self.token)\r\n") == 200)
        #expect(try status("/secret?token=\(Self.token)", host) == 401, "the token in the query is taken for streams only")
        #expect(try status("/secret", "Host: localhost:\(fixture.port)\r\nAuthorization: Bearer \(Self.token)\r\n") == 200)
        #expect(try status("/", "Host: attacker.example:\(fixture.port)\r\n") == 403)
        #expect(try status("/", "Host: 127.0.0.1:1\r\n") == 403)
        #expect(try status("/secret", host + "Origin: http://attacker.example\r\nAuthorization: Bearer \(Self.token)\r\n") == 403)
        #expect(try status("/secret", host + "Origin: null\r\nAuthorization: Bearer \(Self.token)\r\n") == 403)
        #expect(try status("/secret", host + "Origin: http://127.0.0.1:\(fixture.port)\r\nAuthorization: Bearer \(Self.token)\r\n") == 200)
        #expect(try status("/nothing", host) == 404)
    }

    @Test func malformedRequestsGet400AndTheConnectionCloses() throws {
        let fixture = try Fixture(Self.small)
        defer { fixture.server.close() }
        for text in ["GARBAGE\r\n\r\n", "GET / HTTP/1.1\r\nHost: \(fixture.host)\r\nBad Header: x\r\n\r\n", "\u{0}\u{1}\u{2}\r\n\r\n",
                     "GET / HTTP/1.1\r\nHost: \(fixture.host)\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"] {
            let connection = try LoopbackHTTPConnection(port: fixture.port)
            connection.send(text)
            let status = connection.response()?.status ?? 0
            #expect(status == 400 || status == 501, "\(text.debugDescription): \(status)")
            #expect(connection.isClosedByServer(within: 2))
        }
    }

    @Test func anEventStreamCarriesEventsAndNoticesAClosedTab() throws {
        let fixture = try Fixture(Self.small)
        defer { fixture.server.close() }
        let connection = try LoopbackHTTPConnection(port: fixture.port)
        connection.send("GET /events?token=\(Self.token) HTTP/1.1\r\nHost: \(fixture.host)\r\n\r\n")
        let stream = try #require(fixture.waitForStreams(1).first)
        stream.sendBacklog([(data: "first", id: "1")])
        #expect(stream.send("second\nline", id: nil))
        var text = ""
        for _ in 0..<50 where !text.contains("data: line\n\n") { text += connection.readAll(timeout: 0.1) }
        #expect(text.contains("Content-Type: text/event-stream"))
        #expect(text.contains("id: 1\ndata: first\n\ndata: second\ndata: line\n\n"), "\(text)")
        // Nothing to send: heartbeats keep coming.
        let quiet = connection.readAll(timeout: 0.6)
        #expect(quiet.contains(": heartbeat\n\n"))
        connection.close()
        #expect(fixture.waitForEndings(1) == [.closedByClient])
        #expect(stream.send("after") == false || stream.ending != nil)
    }

    @Test func aTabThatDoesNotReadIsDroppedAndTheSenderNeverWaits() throws {
        var limits = Self.small
        limits.streamBufferBytes = 64 * 1024
        let fixture = try Fixture(limits)
        defer { fixture.server.close() }
        let connection = try LoopbackHTTPConnection(port: fixture.port)
        connection.send("GET /events?token=\(Self.token) HTTP/1.1\r\nHost: \(fixture.host)\r\n\r\n")
        let stream = try #require(fixture.waitForStreams(1).first)
        // The client reads nothing: the socket's buffers fill, then the stream's; send returns false
        // rather than blocking, and the stream ends as too slow (or its write times out).
        let event = String(repeating: "x", count: 8 * 1024)
        var refused = false
        for _ in 0..<20_000 where !refused {
            refused = !stream.send(event)
        }
        #expect(refused, "the stream took 160 MB from a client that reads nothing")
        let ending = fixture.waitForEndings(1).first
        #expect(ending == .tooSlow || ending == .writeFailed)
        connection.close()
    }

    @Test func closingTheServerEndsItsStreams() throws {
        let fixture = try Fixture(Self.small)
        let connection = try LoopbackHTTPConnection(port: fixture.port)
        connection.send("GET /events?token=\(Self.token) HTTP/1.1\r\nHost: \(fixture.host)\r\n\r\n")
        _ = fixture.waitForStreams(1)
        fixture.server.close()
        #expect(fixture.waitForEndings(1) == [.closedByServer])
        #expect(connection.isClosedByServer(within: 5))
    }
}
