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
    private let descriptor: Int32
    private let user = getuid()
    package var endpoint: LiveEndpoint { .unix(path) }
    package var interest: LiveTransportInterest { LiveTransportInterest(descriptor: descriptor, events: LiveSocket.readable) }

    /// `attach PID` only where the developer's statedbg finds the socket by the process id; on a
    /// device, whose files the Mac cannot reach, no `attach` at all.
    package func announcement(host: LiveAppHost, environment: [String: String]) -> String {
        if host == .device {
            return "statedbg: live channel at \(path), on this device, where the Mac's statedbg cannot reach it; a device's app connects out instead (see the Platforms article)"
        }
        let target = LiveEndpoint.attachTarget(socket: path, pid: getpid(), host: host, environment: environment)
        return "statedbg: live channel at \(path); attach with: statedbg attach \(target)"
    }

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
