import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an app's live channel listens: a Unix domain socket, or a loopback TCP port; or inside the
/// app itself, for a page the app shows (``LiveInProcessListener``).
package enum LiveEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// A Unix domain socket at this path.
    case unix(String)
    /// A TCP port on the loopback interface of `host` (always `127.0.0.1` for an app).
    case tcp(host: String, port: UInt16)
    /// The app's own process: reached only through ``LiveInProcessListener/connect()``.
    case inProcess

    package var description: String {
        switch self {
        case .unix(let path): path
        case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .inProcess: "the app's own process"
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
    /// A process id names the socket that app opened by default: the first of
    /// ``defaultSocketPaths(pid:environment:)`` where a socket is, else the first (whose absence the
    /// connection then reports).
    ///
    /// - Throws: ``LiveChannelError`` when the target is none of these.
    package init(target: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(LiveChannelError) {
        if !target.isEmpty, target.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let pid = Int32(target) {
            let candidates = Self.defaultSocketPaths(pid: pid, environment: environment)
            self = .unix(candidates.first(where: Self.isSocket) ?? candidates[0])
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
        runtimeDirectories(environment: ProcessInfo.processInfo.environment)[0]
    }

    /// The longest socket path every platform takes, in bytes: `sun_path` holds 104 bytes with its
    /// terminating zero on Apple platforms, 108 on Linux.
    package static let portableSocketPathBytes = 103

    /// Where an app's default socket may go, in the order it tries them: `$XDG_RUNTIME_DIR/statedbg`,
    /// `statedbg-UID` in `$TMPDIR`, and `/tmp/statedbg-UID`, each holding `PID.sock`, leaving out those
    /// longer than ``portableSocketPathBytes``. Never empty: the last always fits.
    ///
    /// The simulator's `$TMPDIR` is some 160 bytes (a device's some 110), so an app there falls back to
    /// `/tmp`, which the simulator shares with the Mac: `statedbg attach PID` on the Mac, whose own
    /// `$TMPDIR` is elsewhere, still finds the socket there.
    package static func defaultSocketPaths(pid: Int32, environment: [String: String]) -> [String] {
        var paths: [String] = []
        for directory in runtimeDirectories(environment: environment) {
            let path = "\(directory)/\(pid).sock"
            if path.utf8.count <= portableSocketPathBytes, !paths.contains(path) { paths.append(path) }
        }
        return paths
    }

    /// The socket an app with process id `pid` opens by default: the first of
    /// ``defaultSocketPaths(pid:environment:)``.
    package static func socketPath(pid: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        defaultSocketPaths(pid: pid, environment: environment)[0]
    }

    /// What to type after `statedbg attach` to reach the socket at `path` of the app with process id
    /// `pid`: the process id, where `statedbg attach PID` run by the developer finds that socket, else
    /// the path (quoted for a shell when it must be).
    ///
    /// Beside the app (Linux) the developer's statedbg has the app's environment and looks where the
    /// app put it. On a Mac or in the simulator the app's `$TMPDIR` is its container's, so only the
    /// shared `/tmp` fallback is found by the process id.
    package static func attachTarget(socket path: String, pid: Int32, host: LiveAppHost,
                                     environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let candidates = defaultSocketPaths(pid: pid, environment: environment)
        let foundByPID = switch host {
        case .sharedEnvironment: candidates.contains(path)
        case .ownEnvironment, .device: path == sharedSocketPath(pid: pid)
        }
        return foundByPID ? String(pid) : shellQuoted(path)
    }

    /// `/tmp/statedbg-UID/PID.sock`: the one default socket every environment of the user looks in.
    static func sharedSocketPath(pid: Int32) -> String {
        "/tmp/statedbg-\(getuid())/\(pid).sock"
    }

    /// The directories of ``defaultSocketPaths(pid:environment:)``, in order (duplicates included).
    private static func runtimeDirectories(environment: [String: String]) -> [String] {
        var directories: [String] = []
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            directories.append(trimmingSlashes(runtime) + "/statedbg")
        }
        if let temporary = environment["TMPDIR"], !temporary.isEmpty {
            directories.append("\(trimmingSlashes(temporary))/statedbg-\(getuid())")
        }
        directories.append("/tmp/statedbg-\(getuid())")
        return directories
    }

    private static func trimmingSlashes(_ directory: String) -> String {
        var trimmed = directory
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    private static func isSocket(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    /// `text` as a shell reads it back: as it is when it holds only characters no shell treats
    /// specially, else in single quotes.
    private static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "/._-+:@%,".unicodeScalars.contains($0)
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
