import Foundation
import StateJSON
import StateSync
import TestSupport
import Testing
@testable import StateLive

/// A live server that dials out, and the debugger waiting for it, in one process over loopback: the
/// handshake in which each proves the token, a wrong token refused on both sides, and a debugger that
/// goes away and comes back.
@Suite struct LiveDialOutTests {
    private static let header = Array(#"{"format":"statedbg-journal","version":3}"#.utf8) + [0x0A]

    private final class Reports: Sendable {
        let events = Locked<[LiveDialer.Event]>([])

        /// Waits up to 10 seconds for an event `matching`.
        func wait(for matching: (LiveDialer.Event) -> Bool) -> Bool {
            for _ in 0..<1000 {
                if events.withLock({ $0.contains(where: matching) }) { return true }
                usleep(10_000)
            }
            return false
        }
    }

    private func server(dialing listener: LiveDialInListener, token: String, reports: Reports) throws -> LiveServer {
        let dialer = LiveDialer(host: "127.0.0.1", port: listener.port, token: token,
                                report: { event in reports.events.withLock { $0.append(event) } })
        return try LiveServer(transports: [dialer], configuration: LiveServerConfiguration(), header: Self.header, firstStep: 4,
                              app: FakeLiveApp())
    }

    private func accept(_ listener: LiveDialInListener) throws -> (descriptor: Int32, peer: LiveEndpoint) {
        for _ in 0..<100 {
            if let connection = try listener.accept(within: .milliseconds(100)) { return connection }
        }
        throw LiveChannelError("no app dialed \(listener.address) within 10 seconds")
    }

    @Test func theAppDialsTheDebuggerAndEachProvesTheTokenWithoutSendingIt() throws {
        let directory = try TemporaryDirectory()
        let token = LiveToken.make()
        let listener = try LiveDialInListener(bind: "127.0.0.1", port: 0, token: token)
        let reports = Reports()
        let server = try server(dialing: listener, token: token, reports: reports)
        defer { server.close() }
        #expect(server.announcement == ["statedbg: live channel dialing out to 127.0.0.1:\(listener.port), where `statedbg listen` waits for it"])
        let (descriptor, peer) = try accept(listener)
        let client = try LiveClient(dialedIn: descriptor, from: peer, token: token, mirror: directory.file("mirror.jsonl"))
        #expect(client.greeting.app == "fake")
        #expect(try client.call(.status) == LiveStatus(lastStep: 3, currentStep: 3, paused: false, clients: 1))
        #expect(reports.wait { $0 == .connected(.tcp(host: "127.0.0.1", port: listener.port)) })
        // The header arrived in the mirror, as over any transport.
        #expect(try String(contentsOfFile: directory.file("mirror.jsonl"), encoding: .utf8) == String(decoding: Self.header, as: UTF8.self))
    }

    @Test func aWrongTokenIsRefusedAndToldOnBothSides() throws {
        let directory = try TemporaryDirectory()
        let listener = try LiveDialInListener(bind: "127.0.0.1", port: 0, token: LiveToken.make())
        let reports = Reports()
        let server = try server(dialing: listener, token: LiveToken.make(), reports: reports)
        defer { server.close() }
        let (descriptor, peer) = try accept(listener)
        do {
            _ = try LiveClient(dialedIn: descriptor, from: peer, token: listener.token, mirror: directory.file("mirror.jsonl"))
            Issue.record("an app with another token must refuse the debugger")
        } catch {
            #expect(error.description == "The app at \(peer) refused the connection: The debugger does not hold this app's token (its proof is wrong): start the app with the STATEDBG_TOKEN that `statedbg listen` printed, or give `statedbg listen` the app's token with --token.")
        }
        #expect(reports.wait { event in
            guard case .refused(_, let reason, _) = event else { return false }
            return reason.hasPrefix("The debugger does not hold this app's token")
        })
    }

    @Test func aDebuggerIsNotFooledByAnAppThatCannotProveTheToken() throws {
        let directory = try TemporaryDirectory()
        let listener = try LiveDialInListener(bind: "127.0.0.1", port: 0, token: LiveToken.make())
        // An impostor: it sends a challenge, and greets without a proof.
        let impostor = try LiveSocket.connect(.tcp(host: "127.0.0.1", port: listener.port))
        defer { LiveSocket.close(impostor) }
        try LiveSocket.sendAll(impostor, LiveNotice(.dialed(challenge: LiveToken.make())).line)
        let greeting = LiveGreeting(app: "evil", pid: 1, lastStep: 0, currentStep: 0, paused: false,
                                    abilities: LiveAbilities(travel: true, dispatch: true, pause: true))
        try LiveSocket.sendAll(impostor, LiveReply(id: 1, answer: greeting).line)
        let (descriptor, peer) = try accept(listener)
        do {
            _ = try LiveClient(dialedIn: descriptor, from: peer, token: listener.token, mirror: directory.file("mirror.jsonl"))
            Issue.record("an app without a proof of the token must not be served")
        } catch {
            #expect(error.description == "The app at \(peer) did not prove it holds the token (its greeting has no proof); it is not served.")
        }
    }

    @Test func theAppDialsAgainWhenItsDebuggerComesBack() throws {
        let directory = try TemporaryDirectory()
        let token = LiveToken.make()
        var listener = try LiveDialInListener(bind: "127.0.0.1", port: 0, token: token)
        let port = listener.port
        let reports = Reports()
        let server = try server(dialing: listener, token: token, reports: reports)
        defer { server.close() }
        var (descriptor, peer) = try accept(listener)
        var client = try LiveClient(dialedIn: descriptor, from: peer, token: token, mirror: directory.file("first.jsonl"))
        #expect(try client.call(.status).clients == 1)

        // The debugger quits.
        client.close()
        listener.close()
        #expect(reports.wait { if case .ended = $0 { true } else { false } })

        listener = try LiveDialInListener(bind: "127.0.0.1", port: port, token: token)
        (descriptor, peer) = try accept(listener)
        client = try LiveClient(dialedIn: descriptor, from: peer, token: token, mirror: directory.file("second.jsonl"))
        #expect(try client.call(.status).clients == 1)
        #expect(reports.events.withLock { $0.filter { $0 == .connected(.tcp(host: "127.0.0.1", port: port)) }.count } == 2)
    }
}
