import Foundation
import StateJSON
import StateLive
import TestSupport
import Testing

/// What keeps a live server's clients from holding it: the time to say hello, the cap on connections
/// that have not, and the bounds on a client that does not read its replies.
@Suite struct LiveServerLimitsTests {
    private static let header = Array(#"{"format":"statedbg-journal","version":3}"#.utf8) + [0x0A]

    private func server(_ directory: TemporaryDirectory, app: FakeLiveApp = FakeLiveApp(), tcp: Bool = false,
                        configure: (inout LiveServerConfiguration) -> Void = { _ in }) throws -> LiveServer {
        var configuration = LiveServerConfiguration()
        configure(&configuration)
        var transports: [any LiveTransport] = [try LiveUnixListener(path: directory.file("app.sock"), preparingDirectory: false)]
        if tcp { transports.append(try LiveTCPListener(port: 0)) }
        return try LiveServer(transports: transports, configuration: configuration, header: Self.header, firstStep: 4, app: app)
    }

    @Test func aConnectionThatDoesNotSayHelloInTimeIsToldWhyAndClosed() throws {
        let directory = try TemporaryDirectory()
        let server = try server(directory, tcp: true) { $0.helloTimeout = .milliseconds(300) }
        defer { server.close() }
        let port = try #require(server.tcp?.port)
        let silent = try RawLiveConnection(.unix(directory.file("app.sock")))
        let stranger = try RawLiveConnection(.tcp(host: "127.0.0.1", port: port))
        #expect(silent.readUntilClosed() == """
            {"live":"dropped","reason":"the client did not say hello within 0.3 seconds"}

            """)
        #expect(stranger.readUntilClosed() == """
            {"live":"dropped","reason":"the client did not say hello with the token within 0.3 seconds"}

            """)
    }

    @Test func aClientThatSaidHelloStaysPastTheHelloTime() throws {
        let directory = try TemporaryDirectory()
        let server = try server(directory) { $0.helloTimeout = .milliseconds(100) }
        defer { server.close() }
        let client = try LiveClient(endpoint: .unix(directory.file("app.sock")), mirror: directory.file("mirror.jsonl"))
        Thread.sleep(forTimeInterval: 0.4)
        #expect(try client.call(.status) == LiveStatus(lastStep: 3, currentStep: 3, paused: false, clients: 1))
    }

    @Test func tooManyConnectionsWaitingToSayHelloCloseTheOldest() throws {
        let directory = try TemporaryDirectory()
        let server = try server(directory) { $0.maxWaitingConnections = 2 }
        defer { server.close() }
        let oldest = try RawLiveConnection(.unix(directory.file("app.sock")))
        let others = try (0..<2).map { _ in try RawLiveConnection(.unix(directory.file("app.sock"))) }
        #expect(oldest.readUntilClosed() == """
            {"live":"dropped","reason":"too many connections are waiting to say hello"}

            """)
        // The connections that came later still get in.
        try others[1].send(#"{"command":"hello","version":1,"id":1}"# + "\n")
        let client = try LiveClient(endpoint: .unix(directory.file("app.sock")), mirror: directory.file("mirror.jsonl"))
        #expect(try client.call(.status).clients == 2)
    }

    @Test func aClientThatLeavesItsRepliesUnreadGetsLittleWorkDoneAndIsDropped() throws {
        let directory = try TemporaryDirectory()
        let app = FakeLiveApp()
        let server = try server(directory, app: app) { $0.replyTimeout = .milliseconds(500) }
        defer { server.close() }
        let hostile = try RawLiveConnection(.unix(directory.file("app.sock")))
        let snapshot = String(decoding: LiveRequest(id: 2, command: .snapshot).line, as: UTF8.self)
        try hostile.send(#"{"command":"hello","version":1,"id":1}"# + "\n" + String(repeating: snapshot, count: 1000))
        let client = try LiveClient(endpoint: .unix(directory.file("app.sock")), mirror: directory.file("mirror.jsonl"))
        #expect(try client.call(.status).lastStep == 3)
        // Dropped once its replies stayed unread for the reply time.
        var clients = try client.call(.status).clients
        let deadline = ContinuousClock.now + .seconds(10)
        while clients > 1, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            clients = try client.call(.status).clients
        }
        #expect(clients == 1)
        // Its snapshots stopped once its socket held replies it did not read: a few, not a thousand.
        #expect(app.snapshots.withLock { $0 } < 50)
    }
}
