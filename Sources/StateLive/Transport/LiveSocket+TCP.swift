#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

extension LiveSocket {
    /// What a non-blocking connect did at once.
    enum ConnectStart {
        /// The connection is made (a loopback peer may accept at once).
        case connected(Int32)
        /// The connection is under way: poll the descriptor for output, then ``finishConnect(_:)``.
        case pending(Int32)
    }

    /// Starts connecting to `address` without waiting.
    ///
    /// - Throws: ``LiveChannelError`` when the connection failed at once (refused on loopback, no route).
    static func startConnect(_ address: LiveSocketAddress) throws(LiveChannelError) -> ConnectStart {
        let descriptor = try makeSocket(address.family)
        do throws(LiveChannelError) {
            try setNonBlocking(descriptor)
        } catch {
            _ = close(descriptor)
            throw error
        }
        noDelay(descriptor)
        let result = address.withSockaddr { posixConnect(descriptor, $0, $1) }
        if result == 0 { return .connected(descriptor) }
        let code = errno
        if code == EINPROGRESS || code == EINTR { return .pending(descriptor) }
        _ = close(descriptor)
        throw .system("cannot connect to \(address.endpoint)", code)
    }

    /// How a connection under way ended: 0 when it is made, else its `errno`.
    static func finishConnect(_ descriptor: Int32) -> Int32 {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return errno }
        return code
    }

    /// Listens on `address` (any port when its port is 0), non-blocking, with the address reusable at
    /// once after an earlier listener on it ended; returns the descriptor and the address bound.
    ///
    /// - Throws: ``LiveChannelError`` when the address cannot be bound.
    static func listen(tcp address: LiveSocketAddress) throws(LiveChannelError) -> (Int32, LiveSocketAddress) {
        let descriptor = try makeSocket(address.family)
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = address.withSockaddr { bind(descriptor, $0, $1) }
        guard bound == 0, posixListen(descriptor) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw .system("cannot listen on \(address.endpoint)", code)
        }
        do throws(LiveChannelError) {
            try setNonBlocking(descriptor)
        } catch {
            _ = close(descriptor)
            throw error
        }
        return (descriptor, LiveSocketAddress.local(of: descriptor) ?? address)
    }

    /// Sends small writes at once: a command's reply, a handshake line (Nagle's algorithm would hold them
    /// back until the peer acknowledges the last segment).
    static func noDelay(_ descriptor: Int32) {
        var yes: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    }

    /// This machine's IPv4 addresses other than loopback, in the order the system lists its interfaces.
    static func externalIPv4Addresses() -> [String] {
        // Safe because the getifaddrs list is walked through its own ifa_next links, each address copied out as text,
        // and the list freed only after the walk.
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        var entry = list
        while let current = entry {
            entry = current.pointee.ifa_next
            guard let address = current.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET,
                  current.pointee.ifa_flags & UInt32(IFF_UP) != 0, current.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0
            else { continue }
            let host = LiveSocketAddress(copying: address, length: socklen_t(MemoryLayout<sockaddr_in>.size)).hostAndPort.host
            if !found.contains(host) { found.append(host) }
        }
        return found
    }
}
