/// A way connections reach a ``LiveServer``: today a listening Unix domain socket or a loopback TCP port;
/// a channel that dials out to a waiting debugger would be another.
///
/// The server polls ``descriptor`` for input and then calls ``acceptReady()``; each connection it gets
/// is non-blocking, close-on-exec, and already passed whatever check the transport makes on its own
/// (the peer's user, for a Unix socket). What the client must still show in its `hello` is the
/// transport's ``authentication``.
package protocol LiveTransport: AnyObject {
    /// Where clients reach the app this way.
    var endpoint: LiveEndpoint { get }
    /// The descriptor the server polls for input: a listening socket.
    var descriptor: Int32 { get }
    /// What a client of this transport must present in its `hello`.
    var authentication: LiveAuthentication { get }
    /// Takes the connections waiting now, without blocking; those refused are told why and closed here.
    func acceptReady() -> [Int32]
    /// Stops taking connections and frees what the transport holds (a socket file, the descriptor).
    func close()
}

/// What a client must present in its `hello` before the app serves it.
package enum LiveAuthentication: Sendable, Equatable {
    /// Nothing more: the transport let only the app's own user connect.
    case sameUser
    /// The token the app printed when it opened the transport, since anyone on the machine can connect.
    case token(String)
}
