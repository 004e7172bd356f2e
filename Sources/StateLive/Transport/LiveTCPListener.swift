/// A live channel's loopback TCP port, which any local user can reach: a client must present the random
/// 128-bit token the app prints when it opens the port.
package final class LiveTCPListener: LiveTransport {
    /// The port listened on (the one the system picked, when asked for 0).
    package let port: UInt16
    /// The token a client's `hello` must carry.
    package let token: String
    package let descriptor: Int32
    package var endpoint: LiveEndpoint { .tcp(host: "127.0.0.1", port: port) }
    package var authentication: LiveAuthentication { .token(token) }

    /// Listens on `127.0.0.1:port` (0: any free port) with a new random token.
    ///
    /// - Throws: ``LiveChannelError`` when the port cannot be opened.
    package init(port: UInt16) throws(LiveChannelError) {
        (descriptor, self.port) = try LiveSocket.listen(loopbackPort: port)
        token = Self.makeToken()
    }

    package func acceptReady() -> [Int32] {
        var accepted: [Int32] = []
        while let connection = LiveSocket.accept(descriptor) { accepted.append(connection) }
        return accepted
    }

    package func close() {
        _ = LiveSocket.close(descriptor)
    }

    private static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = generator.next() as UInt32
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }

    /// Whether `given` is the token, compared in time that does not depend on where they differ.
    package static func sameToken(_ given: String?, _ expected: String) -> Bool {
        guard let given else { return false }
        let a = Array(given.utf8), b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
