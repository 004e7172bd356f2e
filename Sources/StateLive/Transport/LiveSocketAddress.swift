#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// One IPv4 or IPv6 address and port a TCP connection is made to, accepted on or comes from: what
/// `getaddrinfo`, `getpeername` or `getsockname` give, kept as bytes so that it outlives the call.
struct LiveSocketAddress: Sendable, Equatable {
    /// `AF_INET` or `AF_INET6`.
    let family: Int32
    /// The `sockaddr_in` or `sockaddr_in6`.
    let bytes: [UInt8]

    // Safe because the pointer is read only inside the call, for `length` bytes the system wrote.
    /// A copy of the `length` bytes of the address at `address`.
    init(copying address: UnsafePointer<sockaddr>, length: socklen_t) {
        family = Int32(address.pointee.sa_family)
        bytes = Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(address), count: Int(length)))
    }

    /// The address of the other end of a connected socket.
    static func peer(of descriptor: Int32) -> LiveSocketAddress? {
        read(descriptor) { getpeername($0, $1, $2) }
    }

    /// The address a socket is bound to.
    static func local(of descriptor: Int32) -> LiveSocketAddress? {
        read(descriptor) { getsockname($0, $1, $2) }
    }

    // Safe because the storage is a local sockaddr_storage large enough for any address, rebound only inside the
    // closures, and copied out before they return.
    private static func read(
        _ descriptor: Int32, _ call: (Int32, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32
    ) -> LiveSocketAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        return withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                guard call(descriptor, address, &length) == 0 else { return nil }
                return LiveSocketAddress(copying: address, length: length)
            }
        }
    }

    /// Whether `host` is an IPv4 or IPv6 address written out, which needs no lookup.
    static func isNumeric(_ host: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, host, &buffer) == 1 || inet_pton(AF_INET6, host, &buffer) == 1
    }

    /// The addresses of `host` and `port` for a stream socket; with `passive`, the ones to listen on.
    ///
    /// A host name is looked up, which may wait on the network: the app's side calls this only for a
    /// numeric host, or off the live server's thread (``LiveAddressLookup``).
    ///
    /// - Throws: ``LiveChannelError`` when the host cannot be resolved.
    static func resolve(host: String, port: UInt16, passive: Bool = false) throws(LiveChannelError) -> [LiveSocketAddress] {
        var hints = addrinfo()
        hints.ai_socktype = LiveSocket.stream
        hints.ai_flags = (passive ? AI_PASSIVE : 0) | (isNumeric(host) ? AI_NUMERICHOST : 0)
        // Safe because the getaddrinfo list is walked through its own ai_next links, each address copied out, and the
        // list freed only after the walk.
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw LiveChannelError("cannot resolve \(host): \(String(cString: gai_strerror(status))).")
        }
        defer { freeaddrinfo(list) }
        var addresses: [LiveSocketAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let address = current.pointee.ai_addr,
               current.pointee.ai_family == AF_INET || current.pointee.ai_family == AF_INET6 {
                let found = LiveSocketAddress(copying: address, length: current.pointee.ai_addrlen)
                if !addresses.contains(found) { addresses.append(found) }
            }
            entry = current.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw LiveChannelError("\(host) has no IPv4 or IPv6 address.") }
        return addresses
    }

    // Safe because the bytes are a whole sockaddr the system wrote, read only during the call.
    /// Calls `body` with the address as a `sockaddr` and its length.
    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        bytes.withUnsafeBytes { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
    }

    /// The numeric host (`127.0.0.1`, `::1`) and the port.
    var hostAndPort: (host: String, port: UInt16) {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: 32)
        let status = withSockaddr { address, length in
            getnameinfo(address, length, &host, socklen_t(host.count), &service, socklen_t(service.count),
                        NI_NUMERICHOST | NI_NUMERICSERV)
        }
        guard status == 0 else { return ("?", 0) }
        // Safe because getnameinfo wrote NUL-terminated strings into the local arrays.
        let name = host.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let port = service.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return (name, UInt16(port) ?? 0)
    }

    /// The address as an endpoint.
    var endpoint: LiveEndpoint {
        let (host, port) = hostAndPort
        return .tcp(host: host, port: port)
    }
}
