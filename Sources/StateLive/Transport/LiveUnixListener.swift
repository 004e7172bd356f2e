#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A live channel's Unix domain socket: mode 0600, and every connection's peer credentials checked, so
/// that only the app's own user is served.
package final class LiveUnixListener: LiveTransport {
    /// The socket's path.
    package let path: String
    private let descriptor: Int32
    private let user = getuid()
    package var endpoint: LiveEndpoint { .unix(path) }
    package var interest: LiveTransportInterest { LiveTransportInterest(descriptor: descriptor, events: LiveSocket.readable) }

    package var announcement: String {
        "statedbg: live channel at \(path); attach with: statedbg attach \(getpid())"
    }

    /// Listens at `path`; with `preparingDirectory`, first makes the per-user runtime directory it is in.
    ///
    /// - Throws: ``LiveChannelError`` when the directory or the socket cannot be made.
    package init(path: String, preparingDirectory: Bool) throws(LiveChannelError) {
        if preparingDirectory { try LiveSocket.prepareDirectory(LiveEndpoint.runtimeDirectory) }
        self.path = path
        descriptor = try LiveSocket.listen(unix: path)
    }

    package func acceptReady() -> [LiveIncoming] {
        var accepted: [LiveIncoming] = []
        while let connection = LiveSocket.accept(descriptor) {
            guard LiveSocket.peerUser(connection) == user else {
                LiveSocket.refuse(connection, reason: "this app's live channel serves its own user only")
                continue
            }
            accepted.append(LiveIncoming(descriptor: connection, authentication: .sameUser))
        }
        return accepted
    }

    package func close() {
        _ = LiveSocket.close(descriptor)
        _ = unlink(path)
    }
}
