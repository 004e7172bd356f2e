#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an app's live channel listens: a Unix domain socket, or a loopback TCP port.
package enum LiveEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// A Unix domain socket at this path.
    case unix(String)
    /// A TCP port on the loopback interface of `host` (always `127.0.0.1` for an app).
    case tcp(host: String, port: UInt16)

    package var description: String {
        switch self {
        case .unix(let path): path
        case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        }
    }

    /// Reads `HOST:PORT` (`[::1]:7070` for an IPv6 address): what `statedbg listen` prints after
    /// `STATEDBG_CONNECT=`; `nil` for anything else.
    package static func hostAndPort(_ text: String) -> (host: String, port: UInt16)? {
        guard let colon = text.lastIndex(of: ":"), colon != text.startIndex,
              let port = UInt16(text[text.index(after: colon)...]) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains("/"), !host.contains(" ") else { return nil }
        return (host, port)
    }

    /// Reads what a user typed after `statedbg attach`: a process id, a socket path or `HOST:PORT`.
    ///
    /// - Throws: ``LiveChannelError`` when the target is none of these.
    package init(target: String) throws(LiveChannelError) {
        if !target.isEmpty, target.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let pid = Int32(target) {
            self = .unix(Self.socketPath(pid: pid))
        } else if target.contains("/") || target.hasSuffix(".sock") {
            self = .unix(target)
        } else if let (host, port) = Self.hostAndPort(target) {
            self = .tcp(host: host, port: port)
        } else {
            throw LiveChannelError(
                "\"\(target)\" is not a process id, a socket path or HOST:PORT; try `statedbg attach 4242`, `statedbg attach /path/app.sock` or `statedbg attach 127.0.0.1:7070 --token …`.")
        }
    }

    /// The per-user directory live sockets go in: `$XDG_RUNTIME_DIR/statedbg` when that is set, else
    /// `statedbg-UID` in the temporary directory (`$TMPDIR` or `/tmp`).
    package static var runtimeDirectory: String {
        if let runtime = getenv("XDG_RUNTIME_DIR"), runtime.pointee != 0 {
            return String(cString: runtime) + "/statedbg"
        }
        var temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        if temporary.isEmpty { temporary = "/tmp" }
        while temporary.count > 1, temporary.hasSuffix("/") { temporary.removeLast() }
        return "\(temporary)/statedbg-\(getuid())"
    }

    /// The socket an app with process id `pid` opens by default.
    package static func socketPath(pid: Int32) -> String {
        "\(runtimeDirectory)/\(pid).sock"
    }
}
