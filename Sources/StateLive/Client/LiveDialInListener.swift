#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a debugger waits for apps that dial out (`statedbg listen`): a TCP port on an address of this
/// machine, loopback unless told otherwise, and the token the apps are started with.
///
/// Each app that connects is handed over as it comes (``accept(within:)``); a ``LiveClient`` then speaks
/// to it (``LiveClient/init(dialedIn:from:token:mirror:client:)``), answering the app's challenge and
/// checking the app's proof, so that neither side ever sends the token.
///
/// ```swift
/// let listener = try LiveDialInListener(bind: "127.0.0.1", port: 0, token: LiveToken.make())
/// print("connect with: STATEDBG_CONNECT=\(listener.hostForApps()):\(listener.port) STATEDBG_TOKEN=\(listener.token)")
/// ```
package final class LiveDialInListener {
    /// The address and port listened on (the port the system picked, when asked for 0).
    package let address: LiveEndpoint
    /// The port listened on.
    package let port: UInt16
    /// The token the apps must hold.
    package let token: String
    private let descriptor: Int32
    private let boundHost: String
    private var isClosed = false

    /// Listens on `host:port` (0: any free port).
    ///
    /// - Throws: ``LiveChannelError`` when the address cannot be resolved or bound.
    package init(bind host: String, port: UInt16, token: String) throws(LiveChannelError) {
        guard let first = try LiveSocketAddress.resolve(host: host, port: port, passive: true).first else {
            throw LiveChannelError("\(host) has no address to listen on.")
        }
        let (descriptor, bound) = try LiveSocket.listen(tcp: first)
        self.descriptor = descriptor
        let (boundHost, boundPort) = bound.hostAndPort
        self.boundHost = boundHost
        self.port = boundPort
        address = .tcp(host: boundHost, port: boundPort)
        self.token = token
    }

    deinit {
        close()
    }

    /// Whether only this machine can connect: the listener is bound to a loopback address.
    package var isLoopback: Bool {
        boundHost.hasPrefix("127.") || boundHost == "::1"
    }

    /// Whether the listener takes connections on every address of the machine.
    package var isWildcard: Bool {
        boundHost == "0.0.0.0" || boundHost == "::"
    }

    /// The host an app should dial: `advertised` when given, the address bound to when it is a single
    /// one, or else (bound to every address) the machine's first IPv4 address other than loopback.
    package func hostForApps(advertised: String? = nil) -> String {
        if let advertised { return advertised }
        guard isWildcard else { return boundHost }
        return LiveSocket.externalIPv4Addresses().first ?? "127.0.0.1"
    }

    /// Waits up to `timeout` for an app to connect and returns its connection, blocking and ready for a
    /// ``LiveClient``, with the address it came from; `nil` when none came. Call it again and again with a
    /// short timeout to notice a Ctrl-C in between.
    ///
    /// - Throws: ``LiveChannelError`` when waiting failed.
    package func accept(within timeout: Duration) throws(LiveChannelError) -> (descriptor: Int32, peer: LiveEndpoint)? {
        var entry = pollfd(fd: descriptor, events: LiveSocket.readable, revents: 0)
        let (seconds, attoseconds) = timeout.components
        let milliseconds = Int32(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        let ready = poll(&entry, 1, milliseconds)
        if ready < 0 {
            if errno == EINTR { return nil }
            throw .system("cannot wait for apps on \(address)", errno)
        }
        guard ready > 0, let connection = LiveSocket.accept(descriptor) else { return nil }
        LiveSocket.setBlocking(connection)
        LiveSocket.noDelay(connection)
        let peer = LiveSocketAddress.peer(of: connection)?.endpoint ?? .tcp(host: "?", port: 0)
        return (connection, peer)
    }

    /// Stops listening: apps that dial now are refused by the system.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        LiveSocket.close(descriptor)
    }
}
