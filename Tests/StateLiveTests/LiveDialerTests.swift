#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StateSync
import Testing
@testable import StateLive

/// The app's side of a channel that dials out, on its own, with a clock the test moves: when it dials,
/// how long it waits after each failure, what it reports, and what it gives the server.
@Suite struct LiveDialerTests {
    private final class Reports: Sendable {
        let events = Locked<[LiveDialer.Event]>([])
        func take() -> [LiveDialer.Event] { events.withLock { events in defer { events = [] }; return events } }
    }

    /// A loopback port nothing listens on (it was free a moment ago).
    private func freePort() throws -> UInt16 {
        let listener = try LiveDialInListener(bind: "127.0.0.1", port: 0, token: LiveToken.make())
        defer { listener.close() }
        return listener.port
    }

    /// Lets a connection under way finish: calls the dialer while it waits on a descriptor.
    private func settle(_ dialer: LiveDialer) -> [LiveIncoming] {
        var given: [LiveIncoming] = []
        for _ in 0..<100 where dialer.interest.descriptor >= 0 {
            var entry = pollfd(fd: dialer.interest.descriptor, events: LiveSocket.writable, revents: 0)
            _ = poll(&entry, 1, 100)
            given += dialer.acceptReady()
        }
        return given
    }

    private func dial(_ dialer: LiveDialer) -> [LiveIncoming] {
        dialer.acceptReady() + settle(dialer)
    }

    @Test func dialsAtOnceThenWaitsTwiceAsLongAfterEachFailureUpToTheLimitReportingItOnce() throws {
        let port = try freePort()
        let clock = TestClock()
        let reports = Reports()
        let dialer = LiveDialer(host: "127.0.0.1", port: port, token: "secret", backoff: LiveBackoff(first: .seconds(1), limit: .seconds(4)),
                                clock: { clock.now }, report: { event in reports.events.withLock { $0.append(event) } })
        let endpoint = LiveEndpoint.tcp(host: "127.0.0.1", port: port)
        #expect(dialer.interest == .wait(.zero))
        #expect(dial(dialer).isEmpty)
        #expect(dialer.interest == .wait(.seconds(1)))
        #expect(reports.take() == [.unreachable(endpoint, reason: "cannot connect to 127.0.0.1:\(port): Connection refused.", retry: .seconds(1))])

        // Not before its time.
        clock.advance(by: .milliseconds(999))
        #expect(dialer.acceptReady().isEmpty)
        #expect(dialer.interest == .wait(.milliseconds(1)))
        var waits: [Duration] = []
        for _ in 0..<4 {
            clock.advance(by: dialer.interest.callBack ?? .zero)
            #expect(dial(dialer).isEmpty)
            waits.append(dialer.interest.callBack ?? .zero)
        }
        #expect(waits == [.seconds(2), .seconds(4), .seconds(4), .seconds(4)])
        // The same failure again is not news.
        #expect(reports.take().isEmpty)
    }

    @Test func givesTheServerAConnectionWhoseClientMustAnswerAChallengeAndStartsOverAfterASession() throws {
        let port = try freePort()
        let clock = TestClock()
        let reports = Reports()
        let dialer = LiveDialer(host: "127.0.0.1", port: port, token: "secret", backoff: LiveBackoff(first: .seconds(1), limit: .seconds(8)),
                                clock: { clock.now }, report: { event in reports.events.withLock { $0.append(event) } })
        let endpoint = LiveEndpoint.tcp(host: "127.0.0.1", port: port)
        _ = dial(dialer)
        clock.advance(by: .seconds(1))
        _ = dial(dialer)
        _ = reports.take()

        let listener = try LiveDialInListener(bind: "127.0.0.1", port: port, token: "secret")
        defer { listener.close() }
        clock.advance(by: .seconds(2))
        let given = try #require(dial(dialer).first)
        defer { _ = close(given.descriptor) }
        guard case .proof(let token, let challenge) = given.authentication else {
            Issue.record("a dialed connection must ask for a proof, not \(given.authentication)")
            return
        }
        #expect(token == "secret")
        #expect(challenge.count == 32)
        // Connected, it waits for the server to say what became of the connection.
        #expect(dialer.interest == .wait(nil))
        #expect(dialer.acceptReady().isEmpty)

        dialer.connection(given.descriptor, .greeted)
        #expect(dialer.isConnected)
        dialer.connection(given.descriptor, .ended(reason: "the client closed the connection", greeted: true))
        // The backoff started over: the debugger was reached.
        #expect(dialer.interest == .wait(.seconds(1)))
        #expect(reports.take() == [
            .connected(endpoint),
            .ended(endpoint, reason: "the client closed the connection", retry: .seconds(1)),
        ])
        #expect(LiveDialer.Event.ended(endpoint, reason: "the client closed the connection", retry: .seconds(1)).description
            == "statedbg: the connection to the debugger at 127.0.0.1:\(port) ended (the client closed the connection); the app records on and dials again until it is back.")
    }

    @Test func aRefusedDebuggerIsReportedAsAnErrorOnceAndDialedAgainLater() throws {
        let listener = try LiveDialInListener(bind: "127.0.0.1", port: 0, token: "other")
        defer { listener.close() }
        let clock = TestClock()
        let reports = Reports()
        let dialer = LiveDialer(host: "127.0.0.1", port: listener.port, token: "secret", clock: { clock.now },
                                report: { event in reports.events.withLock { $0.append(event) } })
        let endpoint = LiveEndpoint.tcp(host: "127.0.0.1", port: listener.port)
        for _ in 0..<2 {
            let given = try #require(dial(dialer).first)
            dialer.connection(given.descriptor, .refused("The debugger does not hold this app's token."))
            dialer.connection(given.descriptor, .ended(reason: "wrong token", greeted: false))
            _ = close(given.descriptor)
            clock.advance(by: .seconds(10))
        }
        let events = reports.take()
        #expect(events == [.refused(endpoint, reason: "The debugger does not hold this app's token.", retry: .milliseconds(200))])
        #expect(events.allSatisfy { $0.isError })
        #expect(dialer.interest == .wait(.zero))
    }

    @Test func aHostNameIsLookedUpOffTheServersThread() throws {
        let listener = try LiveDialInListener(bind: "127.0.0.1", port: 0, token: "secret")
        defer { listener.close() }
        let dialer = LiveDialer(host: "localhost", port: listener.port, token: "secret", report: { _ in })
        // The first call only starts the lookup; the dialer asks to be called again soon.
        #expect(dialer.acceptReady().isEmpty)
        #expect(dialer.interest == .wait(.milliseconds(20)))
        var given: [LiveIncoming] = []
        for _ in 0..<500 where given.isEmpty {
            usleep(10_000)
            given = dial(dialer)
        }
        #expect(given.count == 1)
        for connection in given { _ = close(connection.descriptor) }
    }
}
