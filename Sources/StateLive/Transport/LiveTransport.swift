import Foundation

/// A way connections reach a ``LiveServer``: a listening Unix domain socket (``LiveUnixListener``), a
/// loopback TCP port (``LiveTCPListener``), or a connection the app makes itself to a waiting debugger
/// (``LiveDialer``).
///
/// Each turn of its loop the server asks every transport what to wait for (``interest``), polls, then
/// calls ``acceptReady()`` of the transports whose descriptor is ready or that asked to be called back.
/// Each connection a transport gives is non-blocking, close-on-exec, and already passed whatever check
/// the transport makes on its own (the peer's user, for a Unix socket); what the client must still show
/// in its `hello` comes with it (``LiveIncoming/authentication``). The server tells the transport what
/// became of each connection it gave (``connection(_:_:)``), which a dialer needs to dial again.
package protocol LiveTransport: AnyObject {
    /// Where clients reach the app this way, or where the app reaches its debugger.
    var endpoint: LiveEndpoint { get }
    /// What the app says once about this transport when the channel opens (the `announce` line), for
    /// an app on `host` whose environment is `environment`: how the developer's statedbg reaches it from
    /// there, or that it cannot.
    func announcement(host: LiveAppHost, environment: [String: String]) -> String
    /// What the server waits for on this transport's behalf now.
    var interest: LiveTransportInterest { get }
    /// Takes the connections ready now, without blocking; those refused are told why and closed here.
    func acceptReady() -> [LiveIncoming]
    /// Tells the transport what became of a connection it gave.
    func connection(_ descriptor: Int32, _ event: LiveConnectionEvent)
    /// Stops taking connections and frees what the transport holds (a socket file, descriptors).
    func close()
}

extension LiveTransport {
    /// What this process says about this transport when the channel opens.
    package var announcement: String {
        announcement(host: .current, environment: ProcessInfo.processInfo.environment)
    }

    /// A listener has nothing to do when a connection it gave ends.
    package func connection(_ descriptor: Int32, _ event: LiveConnectionEvent) {}
}

/// What a ``LiveServer`` waits for on a transport's behalf: input or output on a descriptor, and how
/// soon to call the transport back regardless.
package struct LiveTransportInterest: Sendable, Equatable {
    /// The descriptor to poll, or -1 for none (`poll` skips a negative descriptor).
    package var descriptor: Int32
    /// The `poll` events to wait for on it.
    package var events: Int16
    /// How soon to call ``LiveTransport/acceptReady()`` even if the descriptor is not ready; `nil` for
    /// not until it is.
    package var callBack: Duration?

    /// Waits for `events` on `descriptor`, or calls back after `callBack`.
    package init(descriptor: Int32, events: Int16, callBack: Duration? = nil) {
        self.descriptor = descriptor
        self.events = events
        self.callBack = callBack
    }

    /// Nothing to poll; a call back after `delay`, or never.
    package static func wait(_ delay: Duration?) -> LiveTransportInterest {
        LiveTransportInterest(descriptor: -1, events: 0, callBack: delay)
    }
}

/// A connection a transport gives the server, with what its client must present in its `hello`.
package struct LiveIncoming: Sendable, Equatable {
    /// The connected, non-blocking socket.
    package var descriptor: Int32
    /// What its client must present.
    package var authentication: LiveAuthentication

    /// A connection and what its client must present.
    package init(descriptor: Int32, authentication: LiveAuthentication) {
        self.descriptor = descriptor
        self.authentication = authentication
    }
}

/// What a client must present in its `hello` before the app serves it.
package enum LiveAuthentication: Sendable, Equatable {
    /// Nothing more: the transport let only the app's own user connect.
    case sameUser
    /// The token the app printed when it opened the transport, since anyone on the machine can connect.
    case token(String)
    /// The debugger this app dialed must answer `challenge` with its proof of `token`
    /// (``LiveToken/proof(_:token:challenge:)``), which the app sent as it connected; the token never
    /// crosses the wire.
    case proof(token: String, challenge: String)
}

/// What became of a connection a transport gave the server.
package enum LiveConnectionEvent: Sendable, Equatable {
    /// Its client said `hello` and was welcomed.
    case greeted
    /// The app refused its `hello` for the token: the message of the error reply.
    case refused(String)
    /// It was closed, for `reason` (``LiveNotice/Event/dropped(reason:)``'s words), after its client
    /// was welcomed or not.
    case ended(reason: String, greeted: Bool)
}
