#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StateLive

/// A connection to a live server that does only what a test tells it: send bytes, read what the app
/// sends until it closes, or nothing at all.
final class RawLiveConnection {
    let descriptor: Int32

    init(_ endpoint: LiveEndpoint) throws {
        descriptor = try LiveSocket.connect(endpoint)
    }

    deinit { _ = close(descriptor) }

    func send(_ text: String) throws {
        try LiveSocket.sendAll(descriptor, Array(text.utf8))
    }

    /// Everything the app sends until it closes the connection, or `nil` when it has not closed it
    /// within `seconds`.
    func readUntilClosed(within seconds: Int32 = 10) -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, seconds * 1000) > 0 else { return nil }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return String(decoding: received, as: UTF8.self) }
            received += buffer[..<count]
        }
    }
}
