import Foundation
import StateLive

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

extension RecorderOptions {
    /// A live channel: a socket through which `statedbg attach` watches the app and acts on it.
    ///
    /// ```swift
    /// var options = RecorderOptions()
    /// options.live = RecorderOptions.LiveChannel()             // $XDG_RUNTIME_DIR/statedbg/PID.sock
    /// options.live = RecorderOptions.LiveChannel(tcpPort: 7070) // and 127.0.0.1:7070 with a token
    /// options.live = .dialingOut(to: "192.168.1.20:7070", token: "3f9c…")   // to `statedbg listen`
    /// ```
    ///
    /// Without the option, the environment variable `STATEDBG_LIVE` opens one: `1` for the default
    /// socket, a path for a socket there, `tcp:PORT` (or `tcp`, any free port) for the default socket
    /// and loopback TCP; and `STATEDBG_CONNECT` with `STATEDBG_TOKEN`, as `statedbg listen` prints
    /// them, makes it dial out to that debugger (``DialOut``). The socket has mode 0600 in a directory
    /// of mode 0700, and connections from other users are refused by their peer credentials; a TCP
    /// client must say the random token the app prints once (to ``announce``, standard error by
    /// default). A connection that does not say hello (with the token, over TCP) within a few seconds
    /// is closed, and never counts toward ``maxClients``.
    public struct LiveChannel: Sendable, Equatable {
        /// Whether to listen on a Unix domain socket. Default: yes.
        public var socket = true
        /// The socket's path; `nil` for `PID.sock` in the per-user runtime directory
        /// (`$XDG_RUNTIME_DIR/statedbg`, `statedbg-UID` in `$TMPDIR`, or `/tmp/statedbg-UID`: the first
        /// whose path fits every platform's limit of 103 bytes). On a device, where no debugger could
        /// reach it, no default socket is opened.
        public var socketPath: String?
        /// A loopback TCP port to listen on as well (0 for any free port); `nil` for none.
        public var tcpPort: UInt16?
        /// A debugger to connect out to, `statedbg listen` (``DialOut``); `nil` for none.
        public var dialOut: DialOut?
        /// Whether the app itself may connect to the channel, for the timeline page it shows on the device
        /// (StatePageBridge): a pair of connected sockets per page, no file and no port, that nothing
        /// outside the process can reach. Default: no. ``inProcessOnly`` is a channel with this alone.
        public var inProcess = false
        /// How far (in bytes) a client may fall behind before it is dropped. Default: 8 MiB.
        public var clientBufferBytes = 8 << 20
        /// How many bytes of journal lines the channel keeps for clients that subscribe from an early
        /// step; past it, history starts again from the current state. Default: 64 MiB.
        public var historyBytes = 64 << 20
        /// The most clients at once. Default: 16.
        public var maxClients = 16
        /// Whether to say where the channel listens (and the TCP token) or dials, through ``announce``.
        /// Default: yes.
        public var announces = true
        /// Where the channel says where it listens or dials, and, for a channel that dials out, each
        /// time it connects to its debugger or loses it (a debugger refused for its token goes to the
        /// recorder's `onError`), one line at a time: ``announceToStandardError(_:)`` unless you pass
        /// your own log.
        ///
        /// ```text
        /// statedbg: live channel at /run/user/1000/statedbg/4242.sock; attach with: statedbg attach 4242
        /// ```
        public var announce: @Sendable (_ line: String) -> Void = LiveChannel.announceToStandardError

        /// A channel on the default socket.
        public init(socketPath: String? = nil, tcpPort: UInt16? = nil) {
            self.socketPath = socketPath
            self.tcpPort = tcpPort
        }

        /// A channel the app alone reaches (``inProcess``): no socket, no port, nothing announced. What the
        /// page an app shows on the device needs.
        public static var inProcessOnly: LiveChannel {
            var channel = LiveChannel()
            channel.socket = false
            channel.inProcess = true
            channel.announces = false
            return channel
        }

        /// Writes a line to standard error: the default ``announce``.
        public static func announceToStandardError(_ line: String) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }

        /// Whether two channels listen at the same places with the same limits; where they announce is
        /// not compared (a function has no equality).
        public static func == (a: LiveChannel, b: LiveChannel) -> Bool {
            a.socket == b.socket && a.socketPath == b.socketPath && a.tcpPort == b.tcpPort && a.dialOut == b.dialOut && a.inProcess == b.inProcess
                && a.clientBufferBytes == b.clientBufferBytes && a.historyBytes == b.historyBytes
                && a.maxClients == b.maxClients && a.announces == b.announces
        }

        /// The channel the environment asks for, if any: `STATEDBG_LIVE` (`1`, a path, `tcp` or
        /// `tcp:PORT`), and `STATEDBG_CONNECT` with `STATEDBG_TOKEN` to dial out (only that, unless
        /// `STATEDBG_LIVE` asks for a socket too).
        public static func fromEnvironment() -> LiveChannel? {
            var channel = listeningFromEnvironment()
            if let dialOut = dialOutFromEnvironment() {
                if channel == nil {
                    channel = LiveChannel()
                    channel?.socket = false
                }
                channel?.dialOut = dialOut
            }
            return channel
        }

        /// The debugger `STATEDBG_CONNECT` and `STATEDBG_TOKEN` name, if the first is set; a missing
        /// token is reported when the channel opens.
        public static func dialOutFromEnvironment() -> DialOut? {
            guard let address = environment(DialOut.addressVariable), !address.isEmpty else { return nil }
            return DialOut(address: address, token: environment(DialOut.tokenVariable) ?? "")
        }

        private static func listeningFromEnvironment() -> LiveChannel? {
            guard let value = environment("STATEDBG_LIVE") else { return nil }
            switch value {
            case "", "0", "off", "no", "false": return nil
            case "1", "on", "yes", "true": return LiveChannel()
            case "tcp": return LiveChannel(tcpPort: 0)
            default:
                if value.hasPrefix("tcp:"), let port = UInt16(value.dropFirst(4)) { return LiveChannel(tcpPort: port) }
                return LiveChannel(socketPath: value)
            }
        }

        private static func environment(_ name: String) -> String? {
            getenv(name).map { String(cString: $0) }
        }

        /// How the server treats its clients.
        var serverConfiguration: LiveServerConfiguration {
            var configuration = LiveServerConfiguration()
            configuration.clientBufferBytes = clientBufferBytes
            configuration.historyBytes = historyBytes
            configuration.maxClients = maxClients
            return configuration
        }

        /// Opens the socket, the port and the dialer asked for, each on its own: what opened, and why the
        /// others did not. The dialer tells `report` what happens to its connection. On a device (`host`)
        /// the default socket is not opened: no debugger could reach it.
        func openTransports(host: LiveAppHost = .current, report: @escaping @Sendable (LiveDialer.Event) -> Void)
            -> (opened: [any LiveTransport], failures: [LiveChannelError]) {
            var transports: [any LiveTransport] = []
            var failures: [LiveChannelError] = []
            if socket {
                if socketPath == nil, host == .device {
                    failures.append(LiveChannelError("a device's app opens no live socket by default: the Mac's statedbg cannot reach a device's files (see the Platforms article)."))
                } else {
                    do throws(LiveChannelError) {
                        let path = socketPath ?? LiveEndpoint.socketPath(pid: getpid())
                        transports.append(try LiveUnixListener(path: path, preparingDirectory: socketPath == nil))
                    } catch {
                        failures.append(error)
                    }
                }
            }
            if let tcpPort {
                do throws(LiveChannelError) {
                    transports.append(try LiveTCPListener(port: tcpPort))
                } catch {
                    failures.append(error)
                }
            }
            if inProcess {
                do throws(LiveChannelError) {
                    transports.append(try LiveInProcessListener())
                } catch {
                    failures.append(error)
                }
            }
            if let dialOut {
                do throws(LiveChannelError) {
                    transports.append(try dialOut.makeDialer(report: report))
                } catch {
                    failures.append(error)
                }
            }
            return (transports, failures)
        }
    }
}
