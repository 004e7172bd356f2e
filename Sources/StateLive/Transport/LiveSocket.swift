#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif
import StateSocket

/// The POSIX socket calls both ends of a live channel make: listening, accepting, connecting, peer
/// credentials. Descriptors are close-on-exec; listeners and accepted sockets are non-blocking.
package enum LiveSocket {
    // Glibc declares SOCK_STREAM in an enum; Musl, Bionic and Apple's headers as a plain constant.
    #if canImport(Glibc)
    static let stream = Int32(SOCK_STREAM.rawValue)
    #else
    static let stream = Int32(SOCK_STREAM)
    #endif

    /// The `poll` events of a descriptor with input (or a connection) waiting.
    package static let readable = Int16(POLLIN)
    /// The `poll` events of a descriptor that takes output (or finished connecting).
    package static let writable = Int16(POLLOUT)

    /// Makes the per-user runtime directory (mode 0700) and checks that it is this user's alone.
    package static func prepareDirectory(_ directory: String) throws(LiveChannelError) {
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw .system("cannot create the live socket directory \(directory)", errno)
        }
        var info = stat()
        guard lstat(directory, &info) == 0 else { throw .system("cannot read \(directory)", errno) }
        guard (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid() else {
            throw LiveChannelError("\(directory) is not a directory owned by this user; statedbg will not put a live socket there.")
        }
        if info.st_mode & 0o077 != 0, chmod(directory, 0o700) != 0 {
            throw .system("cannot make \(directory) private (mode 0700)", errno)
        }
    }

    /// Listens on a Unix domain socket at `path`, mode 0600, replacing a stale socket nobody listens on.
    package static func listen(unix path: String) throws(LiveChannelError) -> Int32 {
        var info = stat()
        if lstat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFSOCK else {
                throw LiveChannelError("\(path) exists and is not a socket; statedbg will not replace it.")
            }
            if let probe = try? connect(unix: path) {
                _ = close(probe)
                throw LiveChannelError("another process is already listening on \(path).")
            }
            _ = unlink(path)
        }
        let descriptor = try makeSocket(AF_UNIX)
        do throws(LiveChannelError) {
            try withAddress(path) { address, length throws(LiveChannelError) in
                guard bind(descriptor, address, length) == 0 else { throw .system("cannot listen on \(path)", errno) }
            }
            guard chmod(path, 0o600) == 0 else { throw .system("cannot make \(path) private (mode 0600)", errno) }
            guard posixListen(descriptor) == 0 else { throw .system("cannot listen on \(path)", errno) }
            try setNonBlocking(descriptor)
        } catch {
            _ = close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Listens on `127.0.0.1:port` (0 picks a free port); returns the descriptor and the port.
    package static func listen(loopbackPort port: UInt16) throws(LiveChannelError) -> (Int32, UInt16) {
        do {
            let listener = try LoopbackListener.listen(port: port, backlog: 16)
            noSignalPipe(listener.descriptor)
            return (listener.descriptor, listener.port)
        } catch {
            switch error.call {
            case .socket: throw .system("cannot create a socket", error.errno)
            case .listen: throw .system("cannot listen on 127.0.0.1:\(port)", error.errno)
            case .nonBlocking: throw .system("cannot make a socket non-blocking", error.errno)
            }
        }
    }

    /// Connects (blocking) to an endpoint.
    package static func connect(_ endpoint: LiveEndpoint) throws(LiveChannelError) -> Int32 {
        switch endpoint {
        case .unix(let path): return try connect(unix: path)
        case .tcp(let host, let port): return try connect(host: host, port: port)
        case .inProcess: throw LiveChannelError("An in-process live channel is reached from inside the app only, through its recorder.")
        }
    }

    private static func connect(unix path: String) throws(LiveChannelError) -> Int32 {
        let descriptor = try makeSocket(AF_UNIX)
        do throws(LiveChannelError) {
            try withAddress(path) { address, length throws(LiveChannelError) in
                guard posixConnect(descriptor, address, length) == 0 else {
                    throw .system("cannot connect to \(path)", errno)
                }
            }
        } catch {
            _ = close(descriptor)
            throw error
        }
        return descriptor
    }

    private static func connect(host: String, port: UInt16) throws(LiveChannelError) -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = stream
        // Safe because the getaddrinfo list is walked through its own ai_next links and freed only after the walk.
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw LiveChannelError("cannot resolve \(host): \(String(cString: gai_strerror(status))).")
        }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        var lastError: Int32 = ECONNREFUSED
        while let current = entry {
            let descriptor = socket(current.pointee.ai_family, stream, 0)
            if descriptor >= 0 {
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                if posixConnect(descriptor, current.pointee.ai_addr, current.pointee.ai_addrlen) == 0 {
                    noSignalPipe(descriptor)
                    return descriptor
                }
                lastError = errno
                _ = close(descriptor)
            }
            entry = current.pointee.ai_next
        }
        throw .system("cannot connect to \(host):\(port)", lastError)
    }

    /// Accepts a waiting connection, non-blocking; `nil` when none is waiting.
    package static func accept(_ listener: Int32) -> Int32? {
        let descriptor = posixAccept(listener)
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        noSignalPipe(descriptor)
        guard (try? setNonBlocking(descriptor)) != nil else {
            _ = close(descriptor)
            return nil
        }
        return descriptor
    }

    /// The user id of the process at the other end of a Unix domain socket.
    package static func peerUser(_ descriptor: Int32) -> uid_t? {
        #if !canImport(Darwin)
        // Linux (Glibc, Musl, Bionic): `struct ucred` (pid, uid, gid), which the C library's module map
        // hides behind _GNU_SOURCE.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
              length == socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size) else { return nil }
        return credentials.uid
        #else
        var user = uid_t()
        var group = gid_t()
        guard getpeereid(descriptor, &user, &group) == 0 else { return nil }
        return user
        #endif
    }

    /// Writes all of `bytes` to a blocking descriptor.
    package static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(LiveChannelError) {
        var offset = 0
        while offset < bytes.count {
            // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
            let written = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, $0.count - offset, sendFlags) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .system("cannot send to the app", errno)
            }
            offset += written
        }
    }

    /// Sends what a non-blocking socket takes now: the count sent, 0 when it is full, -1 when it failed.
    package static func sendAvailable(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
        // Safe because each pointer is used only inside its closure, with offsets and counts inside its buffer.
        let sent = bytes.withUnsafeBytes { posixSend(descriptor, $0.baseAddress, $0.count, sendFlags) }
        if sent >= 0 { return sent }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : -1
    }

    /// Tells a connection the app will not serve it (a `dropped` notice, as far as its socket takes it at
    /// once) and closes it.
    package static func refuse(_ descriptor: Int32, reason: String) {
        _ = sendAvailable(descriptor, LiveNotice(.dropped(reason: reason)).line[...])
        _ = close(descriptor)
    }

    /// Closes a descriptor.
    @discardableResult
    package static func close(_ descriptor: Int32) -> Int32 {
        posixClose(descriptor)
    }

    /// `MSG_NOSIGNAL` where it exists (every Linux C library): a closed peer is an error, not a
    /// `SIGPIPE` that ends the app. Apple platforms set `SO_NOSIGPIPE` on the socket instead.
    #if !canImport(Darwin)
    package static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    package static let sendFlags: Int32 = 0
    #endif

    static func noSignalPipe(_ descriptor: Int32) {
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Makes a descriptor blocking again: a debugger's client reads and writes its connection on threads
    /// of its own, which wait.
    package static func setBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// Makes a descriptor non-blocking.
    package static func setNonBlocking(_ descriptor: Int32) throws(LiveChannelError) {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw .system("cannot make a socket non-blocking", errno)
        }
    }

    static func makeSocket(_ family: Int32) throws(LiveChannelError) -> Int32 {
        let descriptor = socket(family, stream, 0)
        guard descriptor >= 0 else { throw .system("cannot create a socket", errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        noSignalPipe(descriptor)
        return descriptor
    }

    // Safe because the address handed to `body` is a local sockaddr_un that outlives the call, and `body` does not
    // keep it.
    private static func withAddress(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) throws(LiveChannelError) -> Void
    ) throws(LiveChannelError) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            throw LiveChannelError("the socket path \(path) is \(bytes.count) bytes long; Unix domain socket paths must be shorter than \(capacity) bytes.")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.size)
        var failure: LiveChannelError?
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                do throws(LiveChannelError) { try body(pointer, length) } catch { failure = error }
            }
        }
        if let failure { throw failure }
    }
}

// The module's own names shadow these POSIX calls inside `LiveSocket`.
func posixListen(_ descriptor: Int32) -> Int32 { listen(descriptor, 16) }
// Safe because the address is only passed on to connect(2) for the call.
func posixConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
private func posixAccept(_ listener: Int32) -> Int32 { accept(listener, nil, nil) }
private func posixClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
// Safe because the pointer is only passed on to send(2), with the count of the buffer it came from.
private func posixSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, bytes, count, flags)
}
