#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// A live channel's Unix domain socket: mode 0600, and every connection's peer credentials checked, so
/// that only the app's own user is served.
package final class LiveUnixListener: LiveTransport {
    /// The socket's path.
    package let path: String
    package let descriptor: Int32
    package var endpoint: LiveEndpoint { .unix(path) }
    package var authentication: LiveAuthentication { .sameUser }
    private let user = getuid()

    /// Listens at `path`; with `preparingDirectory`, first makes the per-user runtime directory it is in
    /// (one of those ``LiveEndpoint/defaultSocketPaths(pid:environment:)`` names).
    ///
    /// - Throws: ``LiveChannelError`` when the directory or the socket cannot be made.
    package init(path: String, preparingDirectory: Bool) throws(LiveChannelError) {
        if preparingDirectory, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try LiveSocket.prepareDirectory(String(path[..<slash]))
        }
        self.path = path
        descriptor = try LiveSocket.listen(unix: path)
    }

    package func acceptReady() -> [Int32] {
        var accepted: [Int32] = []
        while let connection = LiveSocket.accept(descriptor) {
            guard LiveSocket.peerUser(connection) == user else {
                LiveSocket.refuse(connection, reason: "this app's live channel serves its own user only")
                continue
            }
            accepted.append(connection)
        }
        return accepted
    }

    package func close() {
        _ = LiveSocket.close(descriptor)
        _ = unlink(path)
    }
}
