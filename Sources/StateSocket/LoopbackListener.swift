#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening TCP socket on 127.0.0.1: how both of statedbg's servers open a port, the live channel's
/// loopback transport and the live page's HTTP server. The descriptor is close-on-exec and
/// non-blocking, with `SO_REUSEADDR` (a port just closed can be listened on again at once).
package enum LoopbackListener {
    /// Why no socket listens: the call that failed and the system's error number. Each server says it
    /// in its own error type.
    package struct Failure: Error, Sendable, Equatable {
        /// The calls a listener makes, in order.
        package enum Call: Sendable, Equatable {
            /// `socket(2)`: no socket was made.
            case socket
            /// `bind(2)` or `listen(2)`: the port is taken, or not this user's to take.
            case listen
            /// `fcntl(2)`, making the socket non-blocking.
            case nonBlocking
        }

        /// The call that failed.
        package var call: Call
        /// The system's error number.
        package var errno: Int32
    }

    /// Listens on `127.0.0.1:port` (0: a port the system picks), with up to `backlog` connections
    /// waiting; the descriptor and the port it listens on.
    package static func listen(port: UInt16, backlog: Int32) throws(Failure) -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { throw Failure(call: .socket, errno: errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        // Safe because a sockaddr_in may be read as a sockaddr, and the rebound pointer is used only inside
        // the closure, with the sockaddr_in's own size.
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, posixListen(descriptor, backlog) == 0 else { throw closing(descriptor, .listen) }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else { throw closing(descriptor, .nonBlocking) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        // Safe because a sockaddr_in may be written as a sockaddr, and the rebound pointer is used only
        // inside the closure, with the sockaddr_in's own size.
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// The failure of `call`, after closing the socket it leaves.
    private static func closing(_ descriptor: Int32, _ call: Failure.Call) -> Failure {
        let failure = Failure(call: call, errno: errno)
        _ = close(descriptor)
        return failure
    }

    // Glibc declares SOCK_STREAM in an enum; Musl, Bionic and Apple's headers as a plain constant.
    #if canImport(Glibc)
    private static let stream = Int32(SOCK_STREAM.rawValue)
    #else
    private static let stream = Int32(SOCK_STREAM)
    #endif
}

/// `listen(2)`, beside the function of the same name in ``LoopbackListener``.
private func posixListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { listen(descriptor, backlog) }
