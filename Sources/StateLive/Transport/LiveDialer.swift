import StateJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// A live channel that dials out: the app connects to a debugger waiting for it (`statedbg listen`),
/// where a device or a simulator cannot be reached, and the debugger then speaks to it as to any app.
///
/// Everything happens on the live server's thread, without waiting: the connection is made without
/// blocking (a host name is looked up on a thread of its own), polled until it is made or its
/// ``connectTimeout`` passes, and given to the server like an accepted one, whose client must answer
/// the challenge the app sends first with its proof of the token (``LiveAuthentication/proof(token:challenge:)``).
/// When the debugger cannot be reached, refuses, or goes away, the dialer waits (``LiveBackoff``) and
/// dials again, for as long as the app runs: a debugger that returns is reached within the backoff's
/// limit, and one that is gone costs the app one attempt per limit.
///
/// What happens is told to ``report`` as ``Event``s, each failure once until something changes.
package final class LiveDialer: LiveTransport {
    /// The debugger's host, as given: a numeric address or a name.
    package let host: String
    /// The debugger's port.
    package let port: UInt16
    /// How long a connection may take to be made before the attempt is given up.
    package var connectTimeout: Duration = .seconds(5)
    private let token: String
    private let clock: @Sendable () -> ContinuousClock.Instant
    private let report: @Sendable (Event) -> Void
    private var backoff: LiveBackoff
    private var phase: Phase
    /// The last failure told, so that a debugger gone for an hour is reported once, not once per attempt.
    private var lastProblem: String?
    /// The reason the app refused the debugger's `hello`, told with the end of its connection.
    private var refusal: String?

    private enum Phase {
        case waiting(until: ContinuousClock.Instant)
        case resolving(LiveAddressLookup)
        case connecting(descriptor: Int32, next: [LiveSocketAddress], until: ContinuousClock.Instant)
        case connected(descriptor: Int32, greeted: Bool)
        case closed
    }

    /// What happened to the dialer's connection, for the app's log.
    package enum Event: Sendable, Equatable, CustomStringConvertible {
        /// The debugger proved it holds the token and was welcomed.
        case connected(LiveEndpoint)
        /// The debugger could not be reached; the dialer tries again after `retry`.
        case unreachable(LiveEndpoint, reason: String, retry: Duration)
        /// The debugger's connection ended after it was welcomed (it quit, or went away); the dialer
        /// dials again after `retry`.
        case ended(LiveEndpoint, reason: String, retry: Duration)
        /// The app refused the debugger: it does not hold the token (`reason` is the refusal); the
        /// dialer tries again after `retry`, in case a debugger with the right token takes its place.
        case refused(LiveEndpoint, reason: String, retry: Duration)

        package var description: String {
            switch self {
            case .connected(let endpoint):
                "statedbg: the live channel is connected to the debugger at \(endpoint)."
            case .unreachable(let endpoint, let reason, _):
                "statedbg: the debugger at \(endpoint) cannot be reached (\(reason.withoutFinalPeriod)); the app records on and dials again every few seconds."
            case .ended(let endpoint, let reason, _):
                "statedbg: the connection to the debugger at \(endpoint) ended (\(reason.withoutFinalPeriod)); the app records on and dials again until it is back."
            case .refused(let endpoint, let reason, _):
                "statedbg: the app refused the debugger at \(endpoint): \(reason) The app records on and dials again every few seconds."
            }
        }

        /// Whether the app should hear of it as an error (``refused(_:reason:retry:)``), not as news.
        package var isError: Bool {
            if case .refused = self { return true }
            return false
        }
    }

    /// A dialer that starts dialing `host:port` as soon as the server asks it, and proves `token`.
    ///
    /// - Parameters:
    ///   - clock: The time now; tests pass a clock they move themselves.
    ///   - report: Told what happens, on the server's thread; it must not wait.
    package init(host: String, port: UInt16, token: String, backoff: LiveBackoff = LiveBackoff(),
                 clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
                 report: @escaping @Sendable (Event) -> Void) {
        self.host = host
        self.port = port
        self.token = token
        self.backoff = backoff
        self.clock = clock
        self.report = report
        phase = .waiting(until: clock())
    }

    package var endpoint: LiveEndpoint { .tcp(host: host, port: port) }

    /// The same wherever the app runs: it is the app that connects.
    package func announcement(host: LiveAppHost, environment: [String: String]) -> String {
        "statedbg: live channel dialing out to \(endpoint), where `statedbg listen` waits for it"
    }

    /// Whether a debugger is connected and was welcomed.
    package var isConnected: Bool {
        if case .connected(_, true) = phase { return true }
        return false
    }

    package var interest: LiveTransportInterest {
        switch phase {
        case .waiting(let until):
            return .wait(max(.zero, until - clock()))
        case .resolving:
            // The lookup's thread does not wake the server: look again soon.
            return .wait(.milliseconds(20))
        case .connecting(let descriptor, _, let until):
            return LiveTransportInterest(descriptor: descriptor, events: LiveSocket.writable, callBack: max(.zero, until - clock()))
        case .connected, .closed:
            return .wait(nil)
        }
    }

    package func acceptReady() -> [LiveIncoming] {
        switch phase {
        case .waiting(let until):
            guard clock() >= until else { return [] }
            guard LiveSocketAddress.isNumeric(host) else {
                phase = .resolving(LiveAddressLookup(host: host, port: port))
                return []
            }
            do {
                return dial(try LiveSocketAddress.resolve(host: host, port: port))
            } catch {
                return failed(error.description)
            }
        case .resolving(let lookup):
            switch lookup.result {
            case nil: return []
            case .success(let addresses): return dial(addresses)
            case .failure(let error): return failed(error.description)
            }
        case .connecting(let descriptor, let next, let until):
            var entry = pollfd(fd: descriptor, events: LiveSocket.writable, revents: 0)
            guard poll(&entry, 1, 0) > 0 else {
                guard clock() >= until else { return [] }
                LiveSocket.close(descriptor)
                return next.isEmpty ? failed("no connection within \(connectTimeout.secondsText)") : dial(next)
            }
            let code = LiveSocket.finishConnect(descriptor)
            guard code == 0 else {
                LiveSocket.close(descriptor)
                return next.isEmpty ? failed(LiveChannelError.system("cannot connect to \(endpoint)", code).description) : dial(next)
            }
            return connected(descriptor)
        case .connected, .closed:
            return []
        }
    }

    package func connection(_ descriptor: Int32, _ event: LiveConnectionEvent) {
        guard case .connected(descriptor, let greeted) = phase else { return }
        switch event {
        case .greeted:
            phase = .connected(descriptor: descriptor, greeted: true)
            backoff.reset()
            lastProblem = nil
            refusal = nil
            report(.connected(endpoint))
        case .refused(let message):
            refusal = message
        case .ended(let reason, _):
            let delay = backoff.fail()
            phase = .waiting(until: clock() + delay)
            if let refusal {
                self.refusal = nil
                tell(.refused(endpoint, reason: refusal, retry: delay), problem: "refused: " + refusal)
            } else if greeted {
                lastProblem = nil
                report(.ended(endpoint, reason: reason, retry: delay))
            } else {
                tell(.unreachable(endpoint, reason: "the connection ended before the debugger was served: \(reason)", retry: delay),
                     problem: "ended before hello")
            }
        }
    }

    package func close() {
        if case .connecting(let descriptor, _, _) = phase { LiveSocket.close(descriptor) }
        // A connection made belongs to the server, which closes it with the others.
        phase = .closed
    }

    /// Starts connecting to the first of `addresses`, keeping the rest for when it fails.
    private func dial(_ addresses: [LiveSocketAddress]) -> [LiveIncoming] {
        var remaining = addresses[...]
        var lastFailure = "\(host) has no address"
        while let address = remaining.popFirst() {
            do {
                switch try LiveSocket.startConnect(address) {
                case .connected(let descriptor):
                    return connected(descriptor)
                case .pending(let descriptor):
                    phase = .connecting(descriptor: descriptor, next: Array(remaining), until: clock() + connectTimeout)
                    return []
                }
            } catch {
                lastFailure = error.description
            }
        }
        return failed(lastFailure)
    }

    /// Gives the server a connection made, whose client must answer a new challenge.
    private func connected(_ descriptor: Int32) -> [LiveIncoming] {
        phase = .connected(descriptor: descriptor, greeted: false)
        return [LiveIncoming(descriptor: descriptor, authentication: .proof(token: token, challenge: LiveToken.make()))]
    }

    /// Waits before dialing again, telling why once.
    private func failed(_ reason: String) -> [LiveIncoming] {
        let delay = backoff.fail()
        phase = .waiting(until: clock() + delay)
        tell(.unreachable(endpoint, reason: reason, retry: delay), problem: reason)
        return []
    }

    /// Reports a failure unless it is the one reported last.
    private func tell(_ event: Event, problem: String) {
        guard problem != lastProblem else { return }
        lastProblem = problem
        report(event)
    }
}
