/// A live channel's loopback TCP port, which any local user can reach: a client must present the random
/// 128-bit token the app prints when it opens the port.
package final class LiveTCPListener: LiveTransport {
    /// The port listened on (the one the system picked, when asked for 0).
    package let port: UInt16
    /// The token a client's `hello` must carry.
    package let token: String
    private let descriptor: Int32
    package var endpoint: LiveEndpoint { .tcp(host: "127.0.0.1", port: port) }
    package var interest: LiveTransportInterest { LiveTransportInterest(descriptor: descriptor, events: LiveSocket.readable) }

    /// On a device the port is on the device's own loopback interface, which the Mac cannot reach.
    package func announcement(host: LiveAppHost, environment: [String: String]) -> String {
        if host == .device {
            return "statedbg: live channel on 127.0.0.1:\(port), this device's own loopback, which the Mac's statedbg cannot reach; a device's app connects out instead (see the Platforms article)"
        }
        return "statedbg: live channel on 127.0.0.1:\(port); attach with: statedbg attach 127.0.0.1:\(port) --token \(token)"
    }

    /// Listens on `127.0.0.1:port` (0: any free port) with a new random token.
    ///
    /// - Throws: ``LiveChannelError`` when the port cannot be opened.
    package init(port: UInt16) throws(LiveChannelError) {
        (descriptor, self.port) = try LiveSocket.listen(loopbackPort: port)
        token = LiveToken.make()
    }

    package func acceptReady() -> [LiveIncoming] {
        var accepted: [LiveIncoming] = []
        while let connection = LiveSocket.accept(descriptor) {
            accepted.append(LiveIncoming(descriptor: connection, authentication: .token(token)))
        }
        return accepted
    }

    package func close() {
        _ = LiveSocket.close(descriptor)
    }
}
