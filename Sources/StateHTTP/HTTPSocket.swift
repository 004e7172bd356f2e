#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StateSocket

/// The system calls an ``HTTPServer`` makes: a listening socket on 127.0.0.1, accepting, and reading and
/// writing with deadlines, so no client can hold a thread longer than the limits say.
enum HTTPSocket {
    /// Listens on `127.0.0.1:port` (0: a port the system picks); the descriptor (non-blocking) and the port.
    static func listenLoopback(port: UInt16) throws(HTTPServerError) -> (Int32, UInt16) {
        do {
            let listener = try LoopbackListener.listen(port: port, backlog: 64)
            return (listener.descriptor, listener.port)
        } catch {
            switch error.call {
            case .socket: throw HTTPServerError("cannot make a socket", error.errno)
            case .listen: throw HTTPServerError("cannot listen on 127.0.0.1:\(port)", error.errno)
            case .nonBlocking: throw HTTPServerError("cannot make a socket non-blocking", error.errno)
            }
        }
    }

    /// A connection waiting on the listening socket, made blocking with a write timeout, or `nil`.
    static func accept(_ listener: Int32, writeTimeout: Duration) -> Int32? {
        let connection = acceptClosingOnExec(listener)
        guard connection >= 0 else { return nil }
        _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) & ~O_NONBLOCK)
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var one: Int32 = 1
        _ = setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let milliseconds = writeTimeout.milliseconds
        var time = timeval(tv_sec: .init(milliseconds / 1000), tv_usec: .init(milliseconds % 1000 * 1000))
        _ = setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        return connection
    }

    private static func acceptClosingOnExec(_ listener: Int32) -> Int32 {
        #if canImport(Darwin)
        let connection = Darwin.accept(listener, nil, nil)
        #elseif canImport(Musl)
        let connection = Musl.accept(listener, nil, nil)
        #else
        let connection = Glibc.accept(listener, nil, nil)
        #endif
        if connection >= 0 { _ = fcntl(connection, F_SETFD, FD_CLOEXEC) }
        return connection
    }

    /// Waits up to `timeout` for `descriptor` to be readable (or closed); whether it is.
    static func waitReadable(_ descriptor: Int32, timeout: Duration) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: max(0, timeout.milliseconds))
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }

    /// Reads what is there (after ``waitReadable(_:timeout:)``): the bytes, empty when the client closed
    /// or the read failed.
    static func receive(_ descriptor: Int32, upTo count: Int = 16 * 1024) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            // Safe because the pointer is used only inside the closure, with the buffer's own count.
            let read = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if read < 0, errno == EINTR { continue }
            return read > 0 ? Array(buffer[..<read]) : []
        }
    }

    /// Writes all of `bytes`; `false` when the client went away or a write blocked past the socket's timeout.
    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        while offset < bytes.count {
            // Safe because the pointer is used only inside the closure, with offsets inside the buffer.
            let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, $0.count - offset, flags) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Whether the client closed its side: readable with nothing to read. Bytes it sent are discarded
    /// (an event stream's client has nothing more to say).
    static func peerClosed(_ descriptor: Int32) -> Bool {
        guard waitReadable(descriptor, timeout: .zero) else { return false }
        return receive(descriptor, upTo: 4096).isEmpty
    }

    /// Ends a connection: both directions shut, then closed.
    static func close(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        #if canImport(Darwin)
        _ = Darwin.close(descriptor)
        #elseif canImport(Musl)
        _ = Musl.close(descriptor)
        #else
        _ = Glibc.close(descriptor)
        #endif
    }
}

extension Duration {
    /// Whole milliseconds, rounded down.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
